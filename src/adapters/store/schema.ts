/**
 * The IndexedDB schema as a list of migrations: migration i upgrades version i to i + 1, so
 * the database version is the list's length. Add a version by appending a migration; never
 * edit one that has shipped, or databases already at that version would miss the change.
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { quantizeRows } from '../../core/vector';

/** Per-document stores keyed by document id. */
export const DOCUMENT_STORES = ['documents', 'files', 'texts', 'keywords', 'cacheKeys'] as const;
/**
 * The embedding-cache keys each document's add used ({ docId, keys }): deleting the document
 * deletes the entries no other document uses. Documents stored before version 4 have none.
 */
export const CACHE_KEYS_STORE = 'cacheKeys';
/**
 * Per-document stores keyed by [document id, part]: a document's chunks and vectors are split
 * into parts of at most PART_CHUNKS chunks, so no record grows with the document past what a
 * browser stores in one value (Chromium refuses values over about 133 MB).
 */
export const PART_STORES = ['chunkParts', 'vectorParts'] as const;
const PART_CHUNKS = 2000;
/** Knowledge-base-wide values under fixed keys (see META_KEYS). */
export const META_STORE = 'meta';
/** Embedding cache: cache key -> Float32Array. */
export const EMBEDDING_STORE = 'embeddings';

/**
 * The embedding cache's journal: META records under keys with this prefix (followed by the time
 * of writing) list the cache keys written since the last document was stored. A stored document
 * clears them; records left by an add whose page closed are swept later (embedding-cache.ts).
 */
export const CACHE_JOURNAL_PREFIX = 'cache-journal:';
/** Every journal record's META key. */
export const CACHE_JOURNAL_RANGE = () => IDBKeyRange.bound(CACHE_JOURNAL_PREFIX, `${CACHE_JOURNAL_PREFIX}\uffff`);
/** The journal records of one add's cache writes: `${prefix}${owner}:${random}`. */
export const cacheJournalOf = (owner: string) => IDBKeyRange.bound(`${CACHE_JOURNAL_PREFIX}${owner}:`, `${CACHE_JOURNAL_PREFIX}${owner}:\uffff`);

/** revision: a fresh token on every change to the documents, so a tab can tell its view is stale. */
export const META_KEYS = { revision: 'revision', settings: 'settings' } as const;

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

/**
 * Version 2: chunks and vectors split into parts, and a keyword index per document instead of
 * one for the whole library (rebuilt from the chunks on first load), so adding or deleting a
 * document writes only that document's records.
 */
const v2: Migration = async (db, tx) => {
  for (const name of PART_STORES) db.createObjectStore(name, { keyPath: ['docId', 'part'] });
  db.createObjectStore('keywords', { keyPath: 'docId' });
  const chunkParts = tx.objectStore('chunkParts');
  const vectorParts = tx.objectStore('vectorParts');
  let cursor = await tx.objectStore('chunks').openCursor();
  while (cursor) {
    const { docId, chunks } = cursor.value as { docId: string; chunks: unknown[] };
    for (const part of splitParts(chunks.length)) await chunkParts.put({ docId, part: part.index, chunks: chunks.slice(part.start, part.end) });
    cursor = await cursor.continue();
  }
  let vectors = await tx.objectStore('vectors').openCursor();
  while (vectors) {
    const { docId, embedderId, dim, data } = vectors.value as { docId: string; embedderId: string; dim: number; data: Float32Array };
    for (const part of splitParts(dim > 0 ? data.length / dim : 0)) {
      // Float rows as version 2 stored them; version 3 quantizes them.
      await vectorParts.put({ docId, part: part.index, embedderId, dim, data: data.slice(part.start * dim, part.end * dim) });
    }
    vectors = await vectors.continue();
  }
  db.deleteObjectStore('chunks');
  db.deleteObjectStore('vectors');
  const meta = tx.objectStore(META_STORE);
  await meta.delete('searchIndex');
  await meta.delete('searchIndexStamp');
};

/**
 * Version 3: vectors stored as 8-bit rows with a scale each (core/vector/quantize), a quarter of
 * float32's size, which is how they are searched in memory too.
 */
const v3: Migration = async (_db, tx) => {
  const parts = tx.objectStore('vectorParts');
  let cursor = await parts.openCursor();
  while (cursor) {
    const { data, dim, ...rest } = cursor.value as { data?: Float32Array; dim: number; docId: string; part: number; embedderId: string };
    if (data) await cursor.update({ ...rest, dim, ...quantizeRows(data, dim) });
    cursor = await cursor.continue();
  }
};

/** Version 4: the cache keys each document used (CACHE_KEYS_STORE). */
const v4: Migration = (db) => {
  db.createObjectStore(CACHE_KEYS_STORE, { keyPath: 'docId' });
};

export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4];

/** The parts a document of `count` chunks is stored in (one, possibly empty, at least). */
export function splitParts(count: number): Array<{ index: number; start: number; end: number }> {
  const parts = [];
  for (let start = 0, index = 0; index === 0 || start < count; start += PART_CHUNKS, index++) {
    parts.push({ index, start, end: Math.min(count, start + PART_CHUNKS) });
  }
  return parts;
}

/** Every part of one document, in part order. */
export function partsOf(docId: string): IDBKeyRange {
  return IDBKeyRange.bound([docId, 0], [docId, Number.MAX_SAFE_INTEGER]);
}

/** Applies migrations[oldVersion..newVersion) in order, each after the previous one finished. */
export async function runMigrations(migrations: readonly Migration[], db: IDBPDatabase<unknown>, tx: UpgradeTransaction, oldVersion: number, newVersion: number): Promise<void> {
  for (let v = oldVersion; v < newVersion; v++) {
    const result = migrations[v](db, tx);
    // Only await real work: an extra await between synchronous migrations is harmless but pointless.
    if (result) await result;
  }
}
