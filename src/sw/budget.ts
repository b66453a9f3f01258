/**
 * A byte budget for the service worker's copies of model files: they may fill at most a share of
 * the origin's storage quota, so that the library always has room beside them. When a new copy
 * pushes them over, the oldest copies of other models go first (the Cache API lists entries in the
 * order they were stored); the new file and every file of its own model stay, so a model larger
 * than the budget is kept whole rather than fetched again on every use. Whatever goes is fetched
 * again when next used.
 */

/** The share of the storage quota that cached model files may take; the rest is the library's and the app's. */
export const MODEL_CACHE_SHARE = 0.5;

/**
 * The app's own runtime files (/vendor/: WebAssembly runtimes and the bundled embedding model) are
 * kept for offline use only while everything the site stores, with them, stays within this share
 * of the quota: under a small quota they are fetched on each use instead, and the library keeps
 * the room (a 30 MB quota once left an 83 KB file no room beside 28 MB of them).
 */
export const APP_CACHE_SHARE = 0.5;

/** Whether `bytes` more may be stored as the app's own files, given the browser's storage estimate. */
export function roomFor(bytes: number, estimate: { quota?: number; usage?: number }, share = APP_CACHE_SHARE): boolean {
  if (!estimate.quota) return true;
  return (estimate.usage ?? 0) + bytes <= estimate.quota * share;
}

/** A response's size before it is stored: its Content-Length when it states one, else its body's (read from a copy). */
export async function sizeOf(response: Response): Promise<number> {
  const stated = Number(response.headers.get('content-length'));
  return Number.isFinite(stated) && stated > 0 ? stated : (await response.clone().blob()).size;
}

/** The model a file under /models/ belongs to ("/models/org/name/"); another file's own path. */
export function modelOf(url: string): string {
  const path = new URL(url).pathname;
  const m = /^\/models\/[^/]+\/[^/]+\//.exec(path);
  return m ? m[0] : path;
}

/** Deletes the oldest entries of `cache` until its files fit in `budget` bytes, never a file of `keep`'s model; resolves to the bytes freed. */
export async function keepWithinBudget(cache: Cache, budget: number, keep: string): Promise<number> {
  const kept = modelOf(keep);
  const sized: Array<{ request: Request; bytes: number }> = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    sized.push({ request, bytes: response ? await sizeOf(response) : 0 });
  }
  let total = sized.reduce((sum, e) => sum + e.bytes, 0);
  let freed = 0;
  for (const entry of sized) {
    if (total <= budget) break;
    if (modelOf(entry.request.url) === kept) continue;
    await cache.delete(entry.request);
    total -= entry.bytes;
    freed += entry.bytes;
  }
  return freed;
}

/** Runs budget checks one after another: two copies stored at once must not each count the other as deletable. */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}
