/**
 * Embedding cache: a vector is stored under (embedder id, hash of the exact text), so the same
 * sentence is never embedded twice by the same model, across documents and across runs.
 */
import type { Embedder } from './embedder';
import type { EmbeddingCacheStore } from './cache-store';
import { cacheLedger, type CacheLedger } from './cache-writes';
import { embedThroughCache, type CacheState, type CacheStats } from './cached-embed';

export interface CachedEmbedder extends Embedder {
  /** What the calls made with each signal read from and wrote to the cache. */
  readonly ledger: CacheLedger;
  /** Running totals since creation (or the last `resetStats`). */
  readonly stats: Readonly<CacheStats>;
  resetStats(): void;
}

/**
 * Wraps an embedder so that only texts missing from `store` are embedded; new vectors are
 * stored. A text already being embedded by an earlier call (e.g. a prefetch while a file is
 * still being read) is awaited rather than embedded twice; if that call fails, it is embedded
 * again here.
 *
 * When a call's signal is aborted (a cancelled ingest), or its add fails (`ledger.discard`), the
 * entries that calls with that signal wrote are deleted again, if the store can delete: a
 * cancelled or failed file leaves nothing behind. Entries written after that (work that was
 * already under way) are deleted as they land. `ledger.keysUsed` names the entries an add used,
 * to be deleted with its document when no other document uses them.
 */
export function withCache(embedder: Embedder, store: EmbeddingCacheStore): CachedEmbedder {
  const stats: CacheStats = { hits: 0, misses: 0, embedded: 0 };
  const ledger = cacheLedger(store);
  const state: CacheState = { embedder, store, stats, pending: new Map(), ledger };
  return {
    id: embedder.id,
    dim: embedder.dim,
    ...(embedder.readsCjk === undefined ? {} : { readsCjk: embedder.readsCjk }),
    stats,
    ledger,
    resetStats() {
      stats.hits = stats.misses = stats.embedded = 0;
    },
    embed: (texts, signal) => embedThroughCache(state, texts, signal),
    dispose: () => embedder.dispose?.(),
  };
}
