import { describe, expect, it } from 'vitest';
import { nextTask, pacer } from './yield';

describe('nextTask', () => {
  it('lets a queued timer run before it resolves', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    // A fresh timer is due at once; task turns let it fire (how many depends on the event loop's phases, so allow plenty).
    for (let i = 0; i < 2000 && order.length === 0; i++) await nextTask();
    order.push('after');
    expect(order[0]).toBe('timer');
  });
});

describe('pacer', () => {
  it('yields only once its budget is spent, and then starts a new budget', async () => {
    let t = 0;
    let yields = 0;
    const pace = pacer(
      50,
      () => t,
      async () => void yields++,
    );
    await pace();
    t = 49;
    await pace();
    expect(yields).toBe(0);
    t = 60;
    await pace();
    expect(yields).toBe(1);
    t = 100;
    await pace();
    expect(yields).toBe(1);
    t = 110;
    await pace();
    expect(yields).toBe(2);
  });

  it('throws when the signal was aborted while it yielded', async () => {
    let t = 100;
    const pace = pacer(50, () => t);
    const controller = new AbortController();
    t = 200;
    const pending = pace(controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('a loop that awaits only microtasks lets a message through when paced', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 0);
    // A clock that advances 1 ms per step, as if each step read one page: no reliance on real time.
    let t = 0;
    const pace = pacer(5, () => t);
    let steps = 0;
    await expect(
      (async () => {
        for (;;) {
          t += 1;
          await Promise.resolve();
          steps++;
          await pace(controller.signal);
          if (steps > 1_000_000) throw new Error('never cancelled');
        }
      })(),
    ).rejects.toThrow('cancelled');
    expect(steps).toBeGreaterThan(0);
  });

  it('without pacing, the same loop never lets the message through', async () => {
    let fired = false;
    setTimeout(() => (fired = true), 0);
    for (let i = 0; i < 10_000; i++) await Promise.resolve();
    expect(fired).toBe(false);
  });
});
