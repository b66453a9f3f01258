/** The embedding cache on IndexedDB: one record per cache key, the value a Float32Array. */
import type { IDBPDatabase } from 'idb';
import type { EmbeddingCacheStore } from '../../core/embed';
import { compact } from './bundle';
import { isQuotaError } from './errors';
import { EMBEDDING_STORE } from './schema';
import { failureCause, runWrite } from './transaction';

export interface IdbEmbeddingCacheStore extends EmbeddingCacheStore {
  delete(keys: string[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
}

/**
 * `database` is called for every operation so the cache sees the store's current connection
 * state (closed after a version change). Errors are left to `fail`, which names them for the user.
 */
export function createEmbeddingCacheStore(database: () => IDBPDatabase<unknown>, fail: (error: unknown) => Promise<never>): IdbEmbeddingCacheStore {
  async function clear(): Promise<void> {
    try {
      await database().clear(EMBEDDING_STORE);
    } catch (e) {
      return fail(e);
    }
  }

  return {
    async get(keys) {
      if (keys.length === 0) return [];
      try {
        const tx = database().transaction(EMBEDDING_STORE, 'readonly');
        const store = tx.objectStore(EMBEDDING_STORE);
        const [values] = await Promise.all([Promise.all(keys.map((k) => store.get(k))), tx.done]);
        return values.map((v) => (v instanceof Float32Array ? v : undefined));
      } catch (e) {
        return fail(e);
      }
    },

    async put(entries) {
      if (entries.length === 0) return;
      try {
        await runWrite(database(), [EMBEDDING_STORE], (tx, track) => {
          const store = tx.objectStore(EMBEDDING_STORE);
          for (const [key, vector] of entries) track(store.put(compact(vector), key));
        });
      } catch (e) {
        const { original, transactionError } = failureCause(e);
        // The cache only saves time. When storage is full, give its space to the documents
        // rather than failing the ingest that wanted to cache.
        if (isQuotaError(transactionError) || isQuotaError(original)) return clear();
        return fail(e);
      }
    },

    async delete(keys) {
      if (keys.length === 0) return;
      try {
        await runWrite(database(), [EMBEDDING_STORE], (tx, track) => {
          const store = tx.objectStore(EMBEDDING_STORE);
          for (const key of keys) track(store.delete(key));
        });
      } catch (e) {
        return fail(e);
      }
    },

    async count() {
      try {
        return await database().count(EMBEDDING_STORE);
      } catch (e) {
        return fail(e);
      }
    },

    clear,
  };
}
