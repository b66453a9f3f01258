/**
 * Long loops in a worker run on promise continuations (microtasks) only, so messages that arrive
 * meanwhile (Cancel, a search) wait until the whole loop ends. These helpers hand the thread back
 * to the event loop now and then.
 */

/** Resolves in a new task, after messages that are already queued have been handled. */
export function nextTask(): Promise<void> {
  // A message to a fresh channel is a task without setTimeout's ≥4 ms clamp on nested timers.
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => {
        port1.close();
        resolve();
      };
      port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Returns a check to call between steps of a long loop: once `budgetMs` of work has passed since
 * the last yield it waits for the next task, then throws the signal's reason if it was aborted
 * meanwhile (or already was).
 */
export function pacer(budgetMs = 25, now: () => number = () => performance.now(), yieldTo: () => Promise<void> = nextTask): (signal?: AbortSignal) => Promise<void> {
  let since = now();
  return async (signal) => {
    signal?.throwIfAborted();
    if (now() - since < budgetMs) return;
    await yieldTo();
    since = now();
    signal?.throwIfAborted();
  };
}
