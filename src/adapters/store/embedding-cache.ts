/** The embedding cache on IndexedDB: one record per cache key, the value a Float32Array. */
import type { IDBPDatabase } from 'idb';
import type { EmbeddingCacheStore } from '../../core/embed';
import { compact } from './bundle';
import { isQuotaError } from './errors';
import { CACHE_JOURNAL_PREFIX, CACHE_JOURNAL_RANGE, EMBEDDING_STORE, META_STORE } from './schema';
import { failureCause, runWrite } from './transaction';

export interface IdbEmbeddingCacheStore extends EmbeddingCacheStore {
  delete(keys: string[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
  /**
   * Deletes the entries that journal records older than `maxAgeMs` list, and those records: what
   * an add whose page closed wrote, never followed by a stored document. Younger records may
   * belong to an add still running in another tab. Returns how many entries it deleted.
   */
  sweepJournal(maxAgeMs?: number, now?: number): Promise<number>;
}

/** Journal records this old are an interrupted add's, not one still running. */
export const JOURNAL_MAX_AGE_MS = 60 * 60 * 1000;

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
        await runWrite(database(), [EMBEDDING_STORE, META_STORE], (tx, track) => {
          const store = tx.objectStore(EMBEDDING_STORE);
          for (const [key, vector] of entries) track(store.put(compact(vector), key));
          const id = `${CACHE_JOURNAL_PREFIX}${String(Date.now()).padStart(15, '0')}:${Math.random().toString(36).slice(2)}`;
          track(
            tx.objectStore(META_STORE).put(
              entries.map(([key]) => key),
              id,
            ),
          );
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

    sweepJournal: (maxAgeMs = JOURNAL_MAX_AGE_MS, now = Date.now()) => sweepJournal(database(), maxAgeMs, now).catch(fail),
  };
}

/** See IdbEmbeddingCacheStore.sweepJournal. */
async function sweepJournal(db: IDBPDatabase<unknown>, maxAgeMs: number, now: number): Promise<number> {
  const ids = (await db.getAllKeys(META_STORE, CACHE_JOURNAL_RANGE())).map(String);
  const old = ids.filter((id) => Number(id.slice(CACHE_JOURNAL_PREFIX.length).split(':')[0]) < now - maxAgeMs);
  if (old.length === 0) return 0;
  const lists = await Promise.all(old.map((id) => db.get(META_STORE, id) as Promise<string[] | undefined>));
  const keys = [...new Set(lists.flatMap((l) => l ?? []))];
  await runWrite(db, [EMBEDDING_STORE, META_STORE], (tx, track) => {
    for (const key of keys) track(tx.objectStore(EMBEDDING_STORE).delete(key));
    for (const id of old) track(tx.objectStore(META_STORE).delete(id));
  });
  return keys.length;
}
