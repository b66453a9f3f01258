import { nextTask } from './yield';

/** Runs tasks one at a time, in call order; a failed task does not stop the next. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/**
 * Runs tasks one at a time, like Serial, but an urgent task goes before every task still waiting
 * that is not urgent; and each task starts in a new event-loop task (see nextTask), so a message
 * that arrives while the work runs (an urgent call, a Cancel) is seen before the next task starts.
 */
export class UrgentFirst {
  private readonly waiting: Array<{ urgent: boolean; start: () => Promise<void> }> = [];
  private pumping = false;

  run<T>(task: () => Promise<T>, urgent = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // A task that throws at once rejects its own call, as one that fails later does.
      const entry = { urgent, start: () => Promise.resolve().then(task).then(resolve, reject) };
      const firstCalm = urgent ? this.waiting.findIndex((w) => !w.urgent) : -1;
      if (firstCalm < 0) this.waiting.push(entry);
      else this.waiting.splice(firstCalm, 0, entry);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0) {
        await nextTask();
        await this.waiting.shift()!.start();
      }
    } finally {
      this.pumping = false;
    }
  }
}
