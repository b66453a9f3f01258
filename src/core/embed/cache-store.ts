/** Where the embedding cache keeps its vectors: the interface, and a store in memory. */

export interface EmbeddingCacheStore {
  /** One entry per key, in order; undefined where the key is not stored. */
  get(keys: string[]): Promise<(Float32Array | undefined)[]>;
  /**
   * Stores the entries. `owner` (see cacheOwner) tags them for a store that journals what each
   * add wrote, so that what an add left when its page closed can be swept.
   */
  put(entries: Array<[string, Float32Array]>, owner?: string): Promise<void>;
  /** Removes entries (missing keys are ignored). Stores without it keep what was written. */
  delete?(keys: string[]): Promise<void>;
  /** Forgets the journal of what `owner` wrote (its entries were deleted), for a store that journals (see put). */
  release?(owner: string): Promise<void>;
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
