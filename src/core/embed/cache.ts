/**
 * Embedding cache: a vector is stored under (embedder id, hash of the exact text), so the same
 * sentence is never embedded twice by the same model, across documents and across runs.
 */
import type { Embedder } from './embedder';
import { orAbort } from '../abort';

export interface EmbeddingCacheStore {
  /** One entry per key, in order; undefined where the key is not stored. */
  get(keys: string[]): Promise<(Float32Array | undefined)[]>;
  put(entries: Array<[string, Float32Array]>): Promise<void>;
  /** Removes entries (missing keys are ignored). Stores without it keep what was written. */
  delete?(keys: string[]): Promise<void>;
}

/**
 * 64-bit hash of a string as 16 hex digits: two 32-bit multiplicative hashes over the UTF-16
 * code units with different constants, each passed through an avalanche finaliser.
 */
export function hashText(text: string): string {
  let a = 0x811c9dc5 ^ text.length;
  let b = 0x27d4eb2f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  b ^= a;
  return hex32(avalanche(a)) + hex32(avalanche(b ^ Math.imul(text.length, 0x9e3779b1)));
}

function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex32(h: number): string {
  return h.toString(16).padStart(8, '0');
}

/** Cache key for a text under an embedder: `${embedderId}:${length}.${hash}` (the part after the last ":" never holds one). */
export function embeddingCacheKey(embedderId: string, text: string): string {
  return `${embedderId}:${text.length.toString(36)}.${hashText(text)}`;
}

/** Splits a key made by `embeddingCacheKey` into the embedder id and the text's part. */
export function splitCacheKey(key: string): { embedderId: string; textKey: string } {
  const at = key.lastIndexOf(':');
  return { embedderId: key.slice(0, at), textKey: key.slice(at + 1) };
}

/** In-memory store; with `maxEntries`, the oldest entries are dropped first. */
export class MemoryEmbeddingCacheStore implements EmbeddingCacheStore {
  private readonly entries = new Map<string, Float32Array>();
  constructor(private readonly maxEntries = Infinity) {}

  get size(): number {
    return this.entries.size;
  }

  async get(keys: string[]): Promise<(Float32Array | undefined)[]> {
    return keys.map((k) => this.entries.get(k));
  }

  async put(entries: Array<[string, Float32Array]>): Promise<void> {
    for (const [key, vector] of entries) {
      this.entries.delete(key);
      // A copy, so a caller mutating its result cannot change what the cache returns later.
      this.entries.set(key, vector.slice());
    }
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }
}

interface CacheStats {
  /** Texts answered from the cache. */
  hits: number;
  /** Texts not in the cache. */
  misses: number;
  /** Texts actually sent to the model (misses with duplicates removed). */
  embedded: number;
}

interface CachedEmbedder extends Embedder {
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
 * When a call's signal is aborted (a cancelled ingest), the entries that calls with that signal
 * wrote are deleted again, if the store can delete: a cancelled file leaves nothing behind.
 * Entries written after the abort (work that was already under way) are deleted as they land.
 */
export function withCache(embedder: Embedder, store: EmbeddingCacheStore): CachedEmbedder {
  const stats: CacheStats = { hits: 0, misses: 0, embedded: 0 };
  const pending = new Map<string, Promise<Float32Array>>();
  /** Keys written by calls with each signal not yet aborted; dropped with the signal. */
  const written = new WeakMap<AbortSignal, Set<string>>();

  function discard(keys: string[]): void {
    if (keys.length) void store.delete?.(keys).catch(() => undefined);
  }

  function recordWrites(signal: AbortSignal | undefined, keys: string[]): void {
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
  }

  async function embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const keys = texts.map((t) => embeddingCacheKey(embedder.id, t));
    const out = new Array<Float32Array>(texts.length);
    const waiting: Array<[number, Promise<Float32Array>]> = [];
    const lookup: number[] = [];
    keys.forEach((key, i) => {
      const inFlight = pending.get(key);
      if (inFlight) waiting.push([i, inFlight]);
      else lookup.push(i);
    });
    // The cache only saves work: if it cannot be read or written, embed and carry on.
    const found = await store.get(lookup.map((i) => keys[i])).catch(() => new Array<Float32Array | undefined>(lookup.length));
    const missing = new Map<string, number[]>(); // key → positions wanting it
    const want = (i: number) => {
      const positions = missing.get(keys[i]);
      if (positions) positions.push(i);
      else missing.set(keys[i], [i]);
    };
    lookup.forEach((i, k) => {
      const cached = found[k];
      if (cached && cached.length === embedder.dim) {
        out[i] = cached;
        stats.hits++;
      } else {
        stats.misses++;
        want(i);
      }
    });
    const fresh = missing.size > 0 ? embedMissing(texts, keys, missing, signal, out) : undefined;
    fresh?.catch(() => undefined); // awaited below, after the pending texts
    for (const [i, promise] of waiting) {
      try {
        out[i] = await orAbort(promise, signal);
        stats.hits++;
      } catch (e) {
        // This call was cancelled while another call's work was still under way: stop now.
        if (signal?.aborted) throw e;
        stats.misses++;
        await embedMissing(texts, keys, new Map([[keys[i], [i]]]), signal, out);
      }
    }
    if (fresh) await fresh;
    return out;
  }

  /** Embeds one text per key, publishes the work as pending until stored, and fills `out`. */
  async function embedMissing(texts: string[], keys: string[], missing: Map<string, number[]>, signal: AbortSignal | undefined, out: Float32Array[]): Promise<void> {
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
      const stored = await store.put(entries).then(
        () => true,
        () => false,
      );
      if (stored)
        recordWrites(
          signal,
          entries.map(([key]) => key),
        );
    } finally {
      for (const first of firsts) pending.delete(keys[first]);
    }
  }

  return {
    id: embedder.id,
    dim: embedder.dim,
    ...(embedder.readsCjk === undefined ? {} : { readsCjk: embedder.readsCjk }),
    stats,
    resetStats() {
      stats.hits = stats.misses = stats.embedded = 0;
    },
    embed,
    dispose: () => embedder.dispose?.(),
  };
}
