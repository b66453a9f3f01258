/** One call through the embedding cache: stored vectors, texts other calls are embedding, and the rest embedded once. */
import type { Embedder } from './embedder';
import { embeddingCacheKey } from './cache-key';
import type { EmbeddingCacheStore } from './cache-store';
import { cacheOwner, type LedgerEntries } from './cache-writes';
import { orAbort } from '../abort';

export interface CacheStats {
  /** Texts answered from the cache. */
  hits: number;
  /** Texts not in the cache. */
  misses: number;
  /** Texts actually sent to the model (misses with duplicates removed). */
  embedded: number;
}

/** What the calls through one cached embedder share. */
export interface CacheState {
  embedder: Embedder;
  store: EmbeddingCacheStore;
  stats: CacheStats;
  /** Texts being embedded by a call, by key, until their vectors are stored. */
  pending: Map<string, Promise<Float32Array>>;
  ledger: LedgerEntries;
}

/** Positions whose text another call is embedding, and the positions to look up in the store. */
function splitPending(keys: string[], pending: CacheState['pending']) {
  const waiting: Array<[number, Promise<Float32Array>]> = [];
  const lookup: number[] = [];
  keys.forEach((key, i) => {
    const inFlight = pending.get(key);
    if (inFlight) waiting.push([i, inFlight]);
    else lookup.push(i);
  });
  return { waiting, lookup };
}

/** Fills `out` with the stored vectors found; returns the keys still missing → positions wanting them. */
function takeFound(state: CacheState, keys: string[], lookup: number[], found: (Float32Array | undefined)[], out: Float32Array[], signal?: AbortSignal): Map<string, number[]> {
  const missing = new Map<string, number[]>(); // key → positions wanting it
  const want = (i: number) => {
    const positions = missing.get(keys[i]);
    if (positions) positions.push(i);
    else missing.set(keys[i], [i]);
  };
  lookup.forEach((i, k) => {
    const cached = found[k];
    if (cached && cached.length === state.embedder.dim) {
      out[i] = cached;
      state.stats.hits++;
    } else {
      state.stats.misses++;
      want(i);
    }
  });
  state.ledger.read(
    signal,
    lookup.filter((i) => out[i] !== undefined).map((i) => keys[i]),
  );
  return missing;
}

export async function embedThroughCache(state: CacheState, texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
  const keys = texts.map((t) => embeddingCacheKey(state.embedder.id, t));
  const out = new Array<Float32Array>(texts.length);
  const { waiting, lookup } = splitPending(keys, state.pending);
  // The cache only saves work: if it cannot be read or written, embed and carry on.
  const found = await state.store.get(lookup.map((i) => keys[i])).catch(() => new Array<Float32Array | undefined>(lookup.length));
  const missing = takeFound(state, keys, lookup, found, out, signal);
  const fresh = missing.size > 0 ? embedMissing(state, texts, keys, missing, signal, out) : undefined;
  fresh?.catch(() => undefined); // awaited below, after the pending texts
  for (const [i, promise] of waiting) {
    try {
      out[i] = await orAbort(promise, signal);
      state.stats.hits++;
      state.ledger.read(signal, [keys[i]]);
    } catch (e) {
      // This call was cancelled while another call's work was still under way: stop now.
      if (signal?.aborted) throw e;
      state.stats.misses++;
      await embedMissing(state, texts, keys, new Map([[keys[i], [i]]]), signal, out);
    }
  }
  if (fresh) await fresh;
  return out;
}

/** Embeds one text per key, publishes the work as pending until stored, and fills `out`. */
async function embedMissing(
  state: CacheState,
  texts: string[],
  keys: string[],
  missing: Map<string, number[]>,
  signal: AbortSignal | undefined,
  out: Float32Array[],
): Promise<void> {
  const { embedder, store, stats, pending } = state;
  const firsts = [...missing.values()].map((positions) => positions[0]);
  const work = embedder
    .embed(
      firsts.map((i) => texts[i]),
      signal,
    )
    .then((vectors) => {
      if (vectors.length !== firsts.length) {
        throw new Error(`Embedder ${embedder.id} returned ${vectors.length} vectors for ${firsts.length} texts`);
      }
      return vectors;
    });
  firsts.forEach((first, k) => {
    const one = work.then((vectors) => vectors[k]);
    one.catch(() => undefined);
    pending.set(keys[first], one);
  });
  try {
    const vectors = await work;
    stats.embedded += firsts.length;
    const entries: Array<[string, Float32Array]> = [];
    firsts.forEach((first, k) => {
      const key = keys[first];
      entries.push([key, vectors[k]]);
      for (const i of missing.get(key)!) out[i] = vectors[k];
    });
    // Journalled under the signal's owner tag, so an add whose page closes can be swept later.
    const stored = await store.put(entries, signal && cacheOwner(signal)).then(
      () => true,
      () => false,
    );
    if (stored)
      state.ledger.wrote(
        signal,
        entries.map(([key]) => key),
      );
  } finally {
    for (const first of firsts) pending.delete(keys[first]);
  }
}
