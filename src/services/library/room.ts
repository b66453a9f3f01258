/** Room for the library: what gives way, in order, when a document does not fit. */
import type { LibraryDeps } from './types';

/** What gives the library room, in the order it is given. */
export type RoomStep = 'cache' | 'models' | 'runtime';
const ROOM_STEPS: RoomStep[] = ['cache', 'models', 'runtime'];

/**
 * One step: the embedding cache (it only saves re-embedding), cached model files (downloaded
 * again when next used), or as a last resort the app's runtime files (the WebAssembly runtimes
 * and the bundled embedding model, fetched again on the next visit online; offline use waits for
 * that visit). Resolves to about how many bytes it freed.
 */
export async function freeRoom({ store, cachedFiles }: Pick<LibraryDeps, 'store' | 'cachedFiles'>, step: RoomStep): Promise<number> {
  if (step === 'runtime') return (await cachedFiles?.freeRuntime().catch(() => 0)) ?? 0;
  if (step === 'models') return (await cachedFiles?.freeModels().catch(() => 0)) ?? 0;
  const bytes = await store.embeddingCache.bytes().catch(() => 0);
  await store.embeddingCache.clear().catch(() => undefined);
  return bytes;
}

/** About how many bytes each step would free, in order. */
async function freeable({ store, cachedFiles }: Pick<LibraryDeps, 'store' | 'cachedFiles'>): Promise<number[]> {
  const files = await cachedFiles?.usage().catch(() => undefined);
  return [await store.embeddingCache.bytes().catch(() => 0), files?.modelBytes ?? 0, files?.appBytes ?? 0];
}

/**
 * Runs `attempt` again after each step that frees something, until it is not refused for room.
 * With `neededAfter` (bytes, known once the first attempt measured the room there is), only the
 * steps that together would free that much are taken, and none when all of them would not:
 * nothing is deleted for a file that still would not fit.
 */
export async function withRoom<T>(
  deps: Pick<LibraryDeps, 'store' | 'cachedFiles'>,
  attempt: () => Promise<T>,
  refused: (result: T) => boolean,
  neededAfter?: () => number | undefined,
): Promise<T> {
  let result = await attempt();
  if (!refused(result)) return result;
  let steps = ROOM_STEPS.length;
  const needed = neededAfter?.();
  if (needed !== undefined) {
    const sizes = await freeable(deps);
    let sum = 0;
    steps = sizes.findIndex((size) => (sum += size) >= needed) + 1;
    if (steps === 0) return result;
  }
  for (const step of ROOM_STEPS.slice(0, steps)) {
    if ((await freeRoom(deps, step)) > 0) result = await attempt();
    if (!refused(result)) break;
  }
  return result;
}
