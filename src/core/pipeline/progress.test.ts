import { describe, expect, it } from 'vitest';
import { nextProgress } from './progress';

describe('nextProgress', () => {
  it('starts the clock at 0 done, and estimates the rest from the pace so far', () => {
    const start = nextProgress(undefined, 0, 20, 1_000);
    expect(start).toEqual({ done: 0, total: 20, startedMs: 1_000 });
    // 2 calls in 4 s: 2 s a call, 18 to go.
    expect(nextProgress(start, 2, 20, 5_000)).toEqual({ done: 2, total: 20, startedMs: 1_000, secondsLeft: 36 });
  });

  it('restarts for a new stage of calls, and gives no estimate once all are done', () => {
    const grading = nextProgress(nextProgress(undefined, 0, 20, 0), 5, 20, 10_000);
    expect(nextProgress(grading, 0, 8, 20_000)).toEqual({ done: 0, total: 8, startedMs: 20_000 });
    expect(nextProgress(grading, 20, 20, 40_000).secondsLeft).toBeUndefined();
  });

  it('never promises less than a second', () => {
    expect(nextProgress(nextProgress(undefined, 0, 3, 0), 2, 3, 10).secondsLeft).toBe(1);
  });
});
