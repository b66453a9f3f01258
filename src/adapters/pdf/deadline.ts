/** Waiting on pdf.js with a time limit and a way out: its promises may never settle once it is stuck or destroyed. */

/** The promise's value, or that the time ran out first (an abort rejects at once). */
export function withinTime<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<{ value: T } | { timedOut: true }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve({ timedOut: true });
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        resolve({ value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** The promise's outcome, or the signal's reason as soon as it is aborted (a destroyed pdf.js may never settle). */
export function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
