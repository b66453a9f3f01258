import type { EmbeddingCacheStore } from './cache-store';

/** Records the keys a call wrote under its signal; returns nothing to wait for. */
export type RecordWrites = (signal: AbortSignal | undefined, keys: string[]) => void;

/**
 * Remembers the keys written by calls with each signal not yet aborted, and deletes them when
 * the signal aborts (keys written after the abort are deleted at once). Does nothing for a store
 * that cannot delete.
 */
export function abortableWrites(store: EmbeddingCacheStore): RecordWrites {
  /** Keys written by calls with each signal not yet aborted; dropped with the signal. */
  const written = new WeakMap<AbortSignal, Set<string>>();

  function discard(keys: string[]): void {
    if (keys.length) void store.delete?.(keys).catch(() => undefined);
  }

  return (signal, keys) => {
    if (!signal || !store.delete) return;
    if (signal.aborted) return discard(keys);
    let set = written.get(signal);
    if (!set) {
      set = new Set();
      written.set(signal, set);
      signal.addEventListener(
        'abort',
        () => {
          const keys = written.get(signal);
          written.delete(signal);
          discard(keys ? [...keys] : []);
        },
        { once: true },
      );
    }
    for (const key of keys) set.add(key);
  };
}
