/**
 * Progress through a stage of model calls (grading, the LLM retriever): how many are done, of
 * how many, and about how long the rest will take at the pace so far.
 */
export interface CallProgress {
  done: number;
  total: number;
  /** When the first call started (ms, any clock). */
  startedMs: number;
  /** Seconds left at the pace so far; absent until a call has finished. */
  secondsLeft?: number;
}

/**
 * The progress after a report of `done` of `total` calls at `nowMs`. A report of 0 done, or of
 * fewer than before (a new stage), starts the clock; a total may grow as calls are added.
 */
export function nextProgress(prev: CallProgress | undefined, done: number, total: number, nowMs: number): CallProgress {
  const startedMs = prev && done > 0 && done >= prev.done ? prev.startedMs : nowMs;
  if (done <= 0 || done >= total) return { done, total, startedMs };
  const perCall = (nowMs - startedMs) / done;
  return { done, total, startedMs, secondsLeft: Math.max(1, Math.round((perCall * (total - done)) / 1000)) };
}
