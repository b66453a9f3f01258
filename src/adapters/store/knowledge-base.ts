/** The knowledge base on IndexedDB: documents and everything derived from them, settings, caches. */
import type { IDBPDatabase } from 'idb';
import { IngestError } from '../../core/errors';
import type {
  DocumentBundle,
  DocumentChunks,
  DocumentFile,
  DocumentRecord,
  DocumentText,
  DocumentVectors,
  KnowledgeBaseSnapshot,
  StorageUsage,
} from '../../core/kb/records';
import type { DocumentId } from '../../core/types';
import { prepareBundle } from './bundle';
import { createEmbeddingCacheStore, type IdbEmbeddingCacheStore } from './embedding-cache';
import { toStoreError } from './errors';
import { openDatabase, type ConnectionHooks } from './open';
import { DOCUMENT_STORES, META_KEYS, META_STORE, MIGRATIONS, type Migration } from './schema';
import { failureCause, runWrite, type Track, type WriteTransaction } from './transaction';
import { defaultEstimator, readUsage, type StorageEstimator } from './usage';

export const DEFAULT_DB_NAME = 'sieve-knowledge-base';

/** How errors that concern no single file are labelled. */
const KB_LABEL = 'knowledge base';

export interface KnowledgeBaseOptions extends ConnectionHooks {
  name?: string;
  indexedDB?: IDBFactory;
  /** Defaults to navigator.storage; null means "cannot tell". */
  storage?: StorageEstimator | null;
  /** The schema; defaults to MIGRATIONS. Tests pass a longer list to exercise upgrades. */
  migrations?: readonly Migration[];
}

export interface KnowledgeBaseStore {
  /**
   * Writes the whole bundle and the new search index (with its stamp) atomically; replaces a
   * document with the same id. Resolves to the new revision.
   */
  addDocument(bundle: DocumentBundle, searchIndexJson: string, searchIndexStamp?: string): Promise<string>;
  /** Removes every record of the document and writes the new search index atomically; resolves to the new revision. */
  deleteDocument(id: DocumentId, searchIndexJson: string, searchIndexStamp?: string): Promise<string>;
  /**
   * Replaces the saved search index (one rebuilt from the stored chunks) only if the documents
   * are still at `revision`; resolves to whether it was written.
   */
  putSearchIndex(searchIndexJson: string, searchIndexStamp: string, revision: string | undefined): Promise<boolean>;
  /** The stored documents' revision (undefined before the first change). */
  revision(): Promise<string | undefined>;
  /** Oldest first. */
  listDocuments(): Promise<DocumentRecord[]>;
  getText(id: DocumentId): Promise<DocumentText | undefined>;
  getFile(id: DocumentId): Promise<DocumentFile | undefined>;
  getChunks(id: DocumentId): Promise<DocumentChunks | undefined>;
  /** Everything search needs, read in one transaction. */
  loadAll(): Promise<KnowledgeBaseSnapshot>;
  getSettings<T>(): Promise<T | undefined>;
  putSettings<T>(value: T): Promise<void>;
  readonly embeddingCache: IdbEmbeddingCacheStore;
  usage(): Promise<StorageUsage | undefined>;
  /** Deletes every document, the search index, settings and the embedding cache; resolves to the new revision. */
  clear(): Promise<string>;
  close(): void;
}

export async function openKnowledgeBase(options: KnowledgeBaseOptions = {}): Promise<KnowledgeBaseStore> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) {
    throw new IngestError('storage', KB_LABEL, 'this browser offers no local database (IndexedDB); private windows in some browsers turn it off');
  }
  const estimator = options.storage === null ? undefined : (options.storage ?? defaultEstimator());
  const migrations = options.migrations ?? MIGRATIONS;

  let closedBecause: string | undefined;
  let db: IDBPDatabase<unknown>;
  try {
    db = await openDatabase(factory, options.name ?? DEFAULT_DB_NAME, migrations, {
      onBlocked: options.onBlocked,
      onVersionChange: () => {
        closedBecause = 'Sieve was updated in another tab; reload this page to keep using your documents';
        options.onVersionChange?.();
      },
      onTerminated: () => {
        closedBecause = 'the browser closed the local database; reload the page';
        options.onTerminated?.();
      },
    });
  } catch (e) {
    if (e instanceof Error && e.name === 'VersionError') {
      throw new IngestError('storage', KB_LABEL, 'the stored knowledge base was written by a newer version of Sieve; reload the page');
    }
    throw toStoreError(e, KB_LABEL, undefined);
  }

  function live(): IDBPDatabase<unknown> {
    if (closedBecause) throw new IngestError('storage', KB_LABEL, closedBecause);
    return db;
  }

  async function fail(error: unknown, fileName: string): Promise<never> {
    const { original, transactionError } = failureCause(error);
    const usage = await readUsage(estimator);
    throw toStoreError(original, fileName, usage, transactionError);
  }

  async function read<T>(work: (db: IDBPDatabase<unknown>) => Promise<T>): Promise<T> {
    try {
      return await work(live());
    } catch (e) {
      return fail(e, KB_LABEL);
    }
  }

  async function write(stores: string[], fileName: string, body: Parameters<typeof runWrite>[2]): Promise<void> {
    try {
      await runWrite(live(), stores, body);
    } catch (e) {
      return fail(e, fileName);
    }
  }

  const allStores = [...DOCUMENT_STORES, META_STORE];
  const newRevision = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`);
  /** The search index, its stamp and a new revision, written in the caller's transaction. */
  const putIndex = (tx: WriteTransaction, track: Track, json: string, stamp: string | undefined, revision: string) => {
    const meta = tx.objectStore(META_STORE);
    track(meta.put(json, META_KEYS.searchIndex));
    if (stamp === undefined) track(meta.delete(META_KEYS.searchIndexStamp));
    else track(meta.put(stamp, META_KEYS.searchIndexStamp));
    track(meta.put(revision, META_KEYS.revision));
  };
  const byAge = (a: DocumentRecord, b: DocumentRecord) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  return {
    async addDocument(bundle, searchIndexJson, searchIndexStamp) {
      const { document, file, text, chunks, vectors } = prepareBundle(bundle);
      const revision = newRevision();
      await write(allStores, document.name, (tx, track) => {
        track(tx.objectStore('documents').put(document));
        track(tx.objectStore('files').put(file));
        track(tx.objectStore('texts').put(text));
        track(tx.objectStore('chunks').put(chunks));
        track(tx.objectStore('vectors').put(vectors));
        putIndex(tx, track, searchIndexJson, searchIndexStamp, revision);
      });
      return revision;
    },

    async deleteDocument(id, searchIndexJson, searchIndexStamp) {
      const revision = newRevision();
      try {
        await runWrite(live(), allStores, (tx, track) => {
          for (const store of DOCUMENT_STORES) track(tx.objectStore(store).delete(id));
          putIndex(tx, track, searchIndexJson, searchIndexStamp, revision);
        });
        return revision;
      } catch (e) {
        // The transaction was rolled back, so the record still names the document for the error.
        const doc = await Promise.resolve()
          .then(() => live().get('documents', id) as Promise<DocumentRecord | undefined>)
          .catch(() => undefined);
        return fail(e, doc?.name ?? id);
      }
    },

    putSearchIndex: (searchIndexJson, searchIndexStamp, revision) =>
      read(async (db) => {
        const tx = db.transaction([META_STORE], 'readwrite');
        const meta = tx.objectStore(META_STORE);
        const current = (await meta.get(META_KEYS.revision)) as string | undefined;
        if (current !== revision) {
          await tx.done;
          return false;
        }
        await Promise.all([meta.put(searchIndexJson, META_KEYS.searchIndex), meta.put(searchIndexStamp, META_KEYS.searchIndexStamp), tx.done]);
        return true;
      }),

    revision: () => read((db) => db.get(META_STORE, META_KEYS.revision) as Promise<string | undefined>),

    listDocuments: () => read(async (db) => ((await db.getAll('documents')) as DocumentRecord[]).sort(byAge)),
    getText: (id) => read((db) => db.get('texts', id) as Promise<DocumentText | undefined>),
    getFile: (id) => read((db) => db.get('files', id) as Promise<DocumentFile | undefined>),
    getChunks: (id) => read((db) => db.get('chunks', id) as Promise<DocumentChunks | undefined>),

    loadAll: () =>
      read(async (db) => {
        const tx = db.transaction(['documents', 'chunks', 'vectors', META_STORE], 'readonly');
        const meta = tx.objectStore(META_STORE);
        const [documents, chunks, vectors, searchIndexJson, searchIndexStamp, revision] = await Promise.all([
          tx.objectStore('documents').getAll() as Promise<DocumentRecord[]>,
          tx.objectStore('chunks').getAll() as Promise<DocumentChunks[]>,
          tx.objectStore('vectors').getAll() as Promise<DocumentVectors[]>,
          meta.get(META_KEYS.searchIndex) as Promise<string | undefined>,
          meta.get(META_KEYS.searchIndexStamp) as Promise<string | undefined>,
          meta.get(META_KEYS.revision) as Promise<string | undefined>,
          tx.done,
        ]);
        documents.sort(byAge);
        const chunksOf = new Map(chunks.map((c) => [c.docId, c]));
        const vectorsOf = new Map(vectors.map((v) => [v.docId, v]));
        return {
          documents,
          chunks: documents.map((d) => chunksOf.get(d.id)).filter((c) => c !== undefined),
          vectors: documents.map((d) => vectorsOf.get(d.id)).filter((v) => v !== undefined),
          ...(searchIndexJson === undefined ? {} : { searchIndexJson }),
          ...(searchIndexStamp === undefined ? {} : { searchIndexStamp }),
          ...(revision === undefined ? {} : { revision }),
        };
      }),

    getSettings: <T>() => read((db) => db.get(META_STORE, META_KEYS.settings) as Promise<T | undefined>),
    putSettings: (value) =>
      write([META_STORE], KB_LABEL, (tx, track) => {
        track(tx.objectStore(META_STORE).put(value, META_KEYS.settings));
      }),

    embeddingCache: createEmbeddingCacheStore(live, (e) => fail(e, 'embedding cache')),

    usage: () => readUsage(estimator),

    async clear() {
      const stores = Array.from(live().objectStoreNames);
      const revision = newRevision();
      await write(stores, KB_LABEL, (tx, track) => {
        for (const store of stores) track(tx.objectStore(store).clear());
        track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
      });
      return revision;
    },

    close() {
      closedBecause ??= 'the knowledge base was closed';
      db.close();
    },
  };
}
