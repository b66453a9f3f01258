/** The embedding cache on IndexedDB: one record per cache key, the value a Float32Array. */
import type { IDBPDatabase } from 'idb';
import type { EmbeddingCacheStore } from '../../core/embed';
import { compact } from './bundle';
import { isQuotaError } from './errors';
import { cacheJournalOf, CACHE_JOURNAL_PREFIX, CACHE_JOURNAL_RANGE, EMBEDDING_STORE, META_STORE } from './schema';
import { failureCause, runWrite } from './transaction';

export interface IdbEmbeddingCacheStore extends EmbeddingCacheStore {
  delete(keys: string[]): Promise<void>;
  release(owner: string): Promise<void>;
  count(): Promise<number>;
  /** About how many bytes the entries take: their count times the first one's size and key. */
  bytes(): Promise<number>;
  clear(): Promise<void>;
  /**
   * Deletes the entries that journal records of finished adds list, and those records: what an
   * add whose page closed (or whose tab failed to give it back) wrote, never followed by its
   * stored document. An add is finished when `running` says it is not running (Web Locks know
   * that across tabs); without `running`, when its records are older than `maxAgeMs`. Returns
   * how many entries it deleted.
   */
  sweepJournal(options?: SweepOptions): Promise<number>;
}

export interface SweepOptions {
  /** Whether the add with this owner tag (see cacheOwner) is still running, in any tab. */
  running?: (owner: string) => boolean;
  maxAgeMs?: number;
  now?: number;
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

    async put(entries, owner) {
      if (entries.length === 0) return;
      try {
        await runWrite(database(), [EMBEDDING_STORE, META_STORE], (tx, track) => {
          const store = tx.objectStore(EMBEDDING_STORE);
          for (const [key, vector] of entries) track(store.put(compact(vector), key));
          const id = `${CACHE_JOURNAL_PREFIX}${owner ?? String(Date.now()).padStart(15, '0')}:${Math.random().toString(36).slice(2)}`;
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

    release: (owner) => releaseJournal(database(), owner).catch(fail),

    async count() {
      try {
        return await database().count(EMBEDDING_STORE);
      } catch (e) {
        return fail(e);
      }
    },

    clear,

    bytes: () => approximateBytes(database()).catch(fail),

    sweepJournal: (options = {}) => sweepJournal(database(), options).catch(fail),
  };
}

/** See IdbEmbeddingCacheStore.sweepJournal. */
async function sweepJournal(db: IDBPDatabase<unknown>, { running, maxAgeMs = JOURNAL_MAX_AGE_MS, now = Date.now() }: SweepOptions): Promise<number> {
  const ids = (await db.getAllKeys(META_STORE, CACHE_JOURNAL_RANGE())).map(String);
  const finished = (id: string) => {
    const owner = journalOwner(id);
    // Records written without an owner tag (older versions) are judged by age alone.
    return running && owner.includes('-') ? !running(owner) : Number(owner.slice(0, 15)) < now - maxAgeMs;
  };
  const old = ids.filter(finished);
  if (old.length === 0) return 0;
  const lists = await Promise.all(old.map((id) => db.get(META_STORE, id) as Promise<string[] | undefined>));
  const keys = [...new Set(lists.flatMap((l) => l ?? []))];
  await runWrite(db, [EMBEDDING_STORE, META_STORE], (tx, track) => {
    for (const key of keys) track(tx.objectStore(EMBEDDING_STORE).delete(key));
    for (const id of old) track(tx.objectStore(META_STORE).delete(id));
  });
  return keys.length;
}

/** The owner tag of a journal record's key: `${prefix}${owner}:${random}`. */
export function journalOwner(id: string): string {
  return id.slice(CACHE_JOURNAL_PREFIX.length, id.lastIndexOf(':'));
}

/** See IdbEmbeddingCacheStore.bytes. */
async function approximateBytes(db: IDBPDatabase<unknown>): Promise<number> {
  const [count, cursor] = await Promise.all([db.count(EMBEDDING_STORE), db.transaction(EMBEDDING_STORE).store.openCursor()]);
  const first = cursor?.value as Float32Array | undefined;
  return first ? count * (first.byteLength + String(cursor!.key).length * 2) : 0;
}

/** See IdbEmbeddingCacheStore.release. */
function releaseJournal(db: IDBPDatabase<unknown>, owner: string): Promise<void> {
  return runWrite(db, [META_STORE], (tx, track) => {
    track(tx.objectStore(META_STORE).delete(cacheJournalOf(owner)));
  });
}
