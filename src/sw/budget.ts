/**
 * A byte budget for the service worker's copies of model files: they may fill at most a share of
 * the origin's storage quota, so that the library always has room beside them. When a new copy
 * pushes them over, the oldest copies go first (the Cache API lists entries in the order they
 * were stored); the new one stays. Whatever goes is fetched again when next used.
 */

/** The share of the storage quota that cached model files may take; the rest is the library's and the app's. */
export const MODEL_CACHE_SHARE = 0.5;

/** Deletes the oldest entries of `cache` until its files fit in `budget` bytes, never `keep`; resolves to the bytes freed. */
export async function keepWithinBudget(cache: Cache, budget: number, keep: string): Promise<number> {
  const sized: Array<{ request: Request; bytes: number }> = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    sized.push({ request, bytes: response ? await bytesOf(response) : 0 });
  }
  let total = sized.reduce((sum, e) => sum + e.bytes, 0);
  let freed = 0;
  for (const entry of sized) {
    if (total <= budget) break;
    if (entry.request.url === keep) continue;
    await cache.delete(entry.request);
    total -= entry.bytes;
    freed += entry.bytes;
  }
  return freed;
}

/** A cached response's size: its Content-Length when it states one, else its body's. */
async function bytesOf(response: Response): Promise<number> {
  const stated = Number(response.headers.get('content-length'));
  return Number.isFinite(stated) && stated > 0 ? stated : (await response.blob()).size;
}
