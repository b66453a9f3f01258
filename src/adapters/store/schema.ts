/**
 * The IndexedDB schema as a list of migrations: migration i upgrades version i to i + 1, so
 * the database version is the list's length. Add a version by appending a migration; never
 * edit one that has shipped, or databases already at that version would miss the change.
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';

/** Per-document stores, each keyed by document id. */
export const DOCUMENT_STORES = ['documents', 'files', 'texts', 'chunks', 'vectors'] as const;
/** Knowledge-base-wide values under fixed keys (see META_KEYS). */
export const META_STORE = 'meta';
/** Embedding cache: cache key -> Float32Array. */
export const EMBEDDING_STORE = 'embeddings';

/**
 * searchIndexStamp: which documents the saved search index covers (written with it);
 * revision: a fresh token on every change to the documents, so a tab can tell its view is stale.
 */
export const META_KEYS = { searchIndex: 'searchIndex', searchIndexStamp: 'searchIndexStamp', revision: 'revision', settings: 'settings' } as const;

export type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;

/**
 * Runs inside the upgrade transaction. It may create stores and indexes synchronously and may
 * rewrite records, awaiting only requests of `tx` (anything else would let the transaction
 * commit early).
 */
export type Migration = (db: IDBPDatabase<unknown>, tx: UpgradeTransaction) => void | Promise<void>;

const v1: Migration = (db) => {
  db.createObjectStore('documents', { keyPath: 'id' });
  for (const name of ['files', 'texts', 'chunks', 'vectors']) db.createObjectStore(name, { keyPath: 'docId' });
  db.createObjectStore(META_STORE);
  db.createObjectStore(EMBEDDING_STORE);
};

export const MIGRATIONS: readonly Migration[] = [v1];

/** Applies migrations[oldVersion..newVersion) in order, each after the previous one finished. */
export async function runMigrations(
  migrations: readonly Migration[],
  db: IDBPDatabase<unknown>,
  tx: UpgradeTransaction,
  oldVersion: number,
  newVersion: number,
): Promise<void> {
  for (let v = oldVersion; v < newVersion; v++) {
    const result = migrations[v](db, tx);
    // Only await real work: an extra await between synchronous migrations is harmless but pointless.
    if (result) await result;
  }
}
