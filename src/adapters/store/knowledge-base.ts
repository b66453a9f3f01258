/** The knowledge base on IndexedDB: documents and everything derived from them, settings, caches. */
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { IngestError } from '../../core/errors';
import type {
  DocumentBundle,
  DocumentChunks,
  DocumentFile,
  DocumentRecord,
  DocumentText,
  DocumentVectors,
  KnowledgeBaseIndex,
  QuantizedVectors,
  StorageUsage,
} from '../../core/kb/records';
import type { DocumentId } from '../../core/types';
import type { KeywordSegment } from '../../core/search/bm25';
import { dequantizeRows, quantizeRows } from '../../core/vector/quantize';
import { prepareBundle } from './bundle';
import { createEmbeddingCacheStore, type IdbEmbeddingCacheStore } from './embedding-cache';
import { toStoreError } from './errors';
import { openDatabase, type ConnectionHooks } from './open';
import { DOCUMENT_STORES, META_KEYS, META_STORE, MIGRATIONS, PART_STORES, partsOf, splitParts, type Migration } from './schema';
import { failureCause, runWrite, type Track, type WriteTransaction } from './transaction';
import { defaultEstimator, readUsage, type StorageEstimator } from './usage';

const DEFAULT_DB_NAME = 'sieve-knowledge-base';

/** How errors that concern no single file are labelled. */
const KB_LABEL = 'knowledge base';

interface KnowledgeBaseOptions extends ConnectionHooks {
  name?: string;
  indexedDB?: IDBFactory;
  /** Defaults to navigator.storage; null means "cannot tell". */
  storage?: StorageEstimator | null;
  /** The schema; defaults to MIGRATIONS. Tests pass a longer list to exercise upgrades. */
  migrations?: readonly Migration[];
}

/**
 * What a library needs to be searchable by keyword: everything but the vectors and the chunk
 * texts. The vectors, the bulk of what opening reads, come separately (`loadVectors`).
 */
export interface KnowledgeBaseCatalog {
  /** Oldest first. */
  documents: DocumentRecord[];
  /** Each document's stored keyword index segment (see core/search/segment), where it has one; checked before use. */
  keywords: Map<DocumentId, unknown>;
  /** Documents whose chunks are stored. */
  withChunks: Set<DocumentId>;
  /** Documents whose vector parts are all stored (their rows are read by `loadVectors`). */
  withVectors: Set<DocumentId>;
  revision?: string;
}

/** Documents' int8 vectors, and the revision of the documents they were read at. */
export interface LoadedVectors {
  vectors: QuantizedVectors[];
  revision?: string;
  /** The documents changed while they were read (the vectors are of two revisions): read again. */
  changed?: true;
}

export interface LoadVectorsOptions {
  /** Only these documents' (default: every document's). */
  ids?: readonly DocumentId[];
  /** Documents per read (default 25): smaller reads let a caller start on the first ones sooner. */
  batch?: number;
  /** Each batch of documents' vectors as it is read, before the next read. */
  onBatch?: (vectors: QuantizedVectors[]) => void;
}

/** A document to write: everything stored about it and its keyword index segment. */
export interface StoredDocument {
  bundle: DocumentBundle;
  keywords: KeywordSegment;
}

export interface KnowledgeBaseStore {
  /**
   * Writes the documents in one transaction, all or nothing, replacing documents with the same
   * ids. Only these documents' records are written. Resolves to the new revision.
   */
  addDocuments(documents: StoredDocument[]): Promise<string>;
  /** Removes every record of the document in one transaction; resolves to the new revision. */
  deleteDocument(id: DocumentId): Promise<string>;
  /**
   * Replaces a document's keyword segment (one rebuilt from its stored chunks) only if the
   * documents are still at `revision`; resolves to whether it was written.
   */
  putKeywords(id: DocumentId, keywords: KeywordSegment, revision: string | undefined): Promise<boolean>;
  /** The stored documents' revision (undefined before the first change). */
  revision(): Promise<string | undefined>;
  /** Oldest first. */
  listDocuments(): Promise<DocumentRecord[]>;
  getText(id: DocumentId): Promise<DocumentText | undefined>;
  getFile(id: DocumentId): Promise<DocumentFile | undefined>;
  getChunks(id: DocumentId): Promise<DocumentChunks | undefined>;
  getVectors(id: DocumentId): Promise<DocumentVectors | undefined>;
  /** Everything stored about one document, read in one transaction. */
  getBundle(id: DocumentId): Promise<DocumentBundle | undefined>;
  /** Everything but the chunk texts, read in one transaction: what a library needs to open. */
  loadIndex(): Promise<KnowledgeBaseIndex>;
  /** Everything but the vectors and the chunk texts, read in one transaction. */
  loadCatalog(): Promise<KnowledgeBaseCatalog>;
  /**
   * Complete documents' int8 vectors (documents in key order; one whose parts do not run 0, 1, …
   * or differ in size is left out), read in batches of documents, one transaction each, one
   * after another, each with the revision: `revision` is theirs, or `changed` says that a write
   * came between two batches.
   */
  loadVectors(options?: LoadVectorsOptions): Promise<LoadedVectors>;
  getSettings<T>(): Promise<T | undefined>;
  putSettings<T>(value: T): Promise<void>;
  readonly embeddingCache: IdbEmbeddingCacheStore;
  usage(): Promise<StorageUsage | undefined>;
  /** Deletes every document, settings and the embedding cache; resolves to the new revision. */
  clear(): Promise<string>;
  close(): void;
}

interface ChunkPart {
  docId: DocumentId;
  part: number;
  chunks: DocumentChunks['chunks'];
}

interface VectorPart {
  docId: DocumentId;
  part: number;
  embedderId: string;
  dim: number;
  q: Int8Array;
  scales: Float32Array;
}

interface KeywordRecord {
  docId: DocumentId;
  segment: unknown;
}

type ReadTransaction = IDBPTransaction<unknown, string[], 'readonly'>;

/** Parts by document, each document's in part order (getAll returns them in key order). */
function groupParts<P extends { docId: DocumentId }>(parts: P[]): Map<DocumentId, P[]> {
  const out = new Map<DocumentId, P[]>();
  for (const p of parts) {
    const list = out.get(p.docId);
    if (list) list.push(p);
    else out.set(p.docId, [p]);
  }
  return out;
}

/** Documents whose chunk parts run 0, 1, … without a gap. */
function completeParts(keys: Array<[DocumentId, number]>): Set<DocumentId> {
  const next = new Map<DocumentId, number>();
  const broken = new Set<DocumentId>();
  for (const [docId, part] of keys) {
    if (part !== (next.get(docId) ?? 0)) broken.add(docId);
    next.set(docId, part + 1);
  }
  return new Set([...next.keys()].filter((id) => !broken.has(id)));
}

/** A document's chunks from its parts; undefined when it has none (not stored, or half-written by an old version). */
function joinChunks(docId: DocumentId, parts: ChunkPart[]): DocumentChunks | undefined {
  if (parts.length === 0 || parts.some((p, i) => p.part !== i)) return undefined;
  return { docId, chunks: parts.length === 1 ? parts[0].chunks : parts.flatMap((p) => p.chunks) };
}

function joinQuantized(docId: DocumentId, parts: VectorPart[]): QuantizedVectors | undefined {
  if (parts.length === 0 || parts.some((p, i) => p.part !== i || p.dim !== parts[0].dim || !(p.q instanceof Int8Array))) return undefined;
  const { embedderId, dim } = parts[0];
  if (parts.length === 1) return { docId, embedderId, dim, q: parts[0].q, scales: parts[0].scales };
  const q = new Int8Array(parts.reduce((n, p) => n + p.q.length, 0));
  const scales = new Float32Array(parts.reduce((n, p) => n + p.scales.length, 0));
  let at = 0;
  let row = 0;
  for (const p of parts) {
    q.set(p.q, at);
    scales.set(p.scales, row);
    at += p.q.length;
    row += p.scales.length;
  }
  return { docId, embedderId, dim, q, scales };
}

/** A document's vectors as floats (dequantized from storage). */
function joinVectors(docId: DocumentId, parts: VectorPart[]): DocumentVectors | undefined {
  const joined = joinQuantized(docId, parts);
  return joined && { docId, embedderId: joined.embedderId, dim: joined.dim, data: dequantizeRows(joined, joined.dim) };
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

  const allStores = [...DOCUMENT_STORES, ...PART_STORES, META_STORE];
  const newRevision = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  const byAge = (a: DocumentRecord, b: DocumentRecord) => a.addedAt - b.addedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  /** Queues the deletion of every record of a document in the caller's transaction. */
  const deleteRecords = (tx: WriteTransaction, track: Track, id: DocumentId) => {
    for (const store of DOCUMENT_STORES) track(tx.objectStore(store).delete(id));
    for (const store of PART_STORES) track(tx.objectStore(store).delete(partsOf(id)));
  };
  const readChunks = async (tx: ReadTransaction, id: DocumentId) => joinChunks(id, (await tx.objectStore('chunkParts').getAll(partsOf(id))) as ChunkPart[]);
  const readVectors = async (tx: ReadTransaction, id: DocumentId) => joinVectors(id, (await tx.objectStore('vectorParts').getAll(partsOf(id))) as VectorPart[]);

  return {
    async addDocuments(documents) {
      const prepared = documents.map((d) => ({ bundle: prepareBundle(d.bundle), keywords: d.keywords }));
      const revision = newRevision();
      const label = prepared.length === 1 ? prepared[0].bundle.document.name : KB_LABEL;
      await write(allStores, label, (tx, track) => {
        for (const { bundle, keywords } of prepared) {
          const { document, file, text, chunks, vectors } = bundle;
          const id = document.id;
          deleteRecords(tx, track, id);
          track(tx.objectStore('documents').put(document));
          track(tx.objectStore('files').put(file));
          track(tx.objectStore('texts').put(text));
          track(tx.objectStore('keywords').put({ docId: id, segment: keywords }));
          const { dim, embedderId, data } = vectors;
          const count = chunks.chunks.length;
          for (const part of splitParts(count)) {
            const whole = part.start === 0 && part.end === count;
            track(tx.objectStore('chunkParts').put({ docId: id, part: part.index, chunks: whole ? chunks.chunks : chunks.chunks.slice(part.start, part.end) }));
            const rows = quantizeRows(whole ? data : data.subarray(part.start * dim, part.end * dim), dim);
            track(tx.objectStore('vectorParts').put({ docId: id, part: part.index, embedderId, dim, ...rows }));
          }
        }
        track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
      });
      return revision;
    },

    async deleteDocument(id) {
      const revision = newRevision();
      try {
        await runWrite(live(), allStores, (tx, track) => {
          deleteRecords(tx, track, id);
          track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
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

    putKeywords: (id, keywords, revision) =>
      read(async (db) => {
        const tx = db.transaction(['keywords', 'documents', META_STORE], 'readwrite');
        const [current, document] = await Promise.all([tx.objectStore(META_STORE).get(META_KEYS.revision), tx.objectStore('documents').get(id)]);
        if (current !== revision || !document) {
          await tx.done;
          return false;
        }
        await Promise.all([tx.objectStore('keywords').put({ docId: id, segment: keywords }), tx.done]);
        return true;
      }),

    revision: () => read((db) => db.get(META_STORE, META_KEYS.revision) as Promise<string | undefined>),

    listDocuments: () => read(async (db) => ((await db.getAll('documents')) as DocumentRecord[]).sort(byAge)),
    getText: (id) => read((db) => db.get('texts', id) as Promise<DocumentText | undefined>),
    getFile: (id) => read((db) => db.get('files', id) as Promise<DocumentFile | undefined>),
    getChunks: (id) => read((db) => readChunks(db.transaction(['chunkParts'], 'readonly'), id)),
    getVectors: (id) => read((db) => readVectors(db.transaction(['vectorParts'], 'readonly'), id)),

    getBundle: (id) =>
      read(async (db) => {
        const tx = db.transaction(['documents', 'files', 'texts', ...PART_STORES], 'readonly');
        const [document, file, text, chunks, vectors] = await Promise.all([
          tx.objectStore('documents').get(id) as Promise<DocumentRecord | undefined>,
          tx.objectStore('files').get(id) as Promise<DocumentFile | undefined>,
          tx.objectStore('texts').get(id) as Promise<DocumentText | undefined>,
          readChunks(tx, id),
          readVectors(tx, id),
        ]);
        return document && file && text && chunks && vectors ? { document, file, text, chunks, vectors } : undefined;
      }),

    loadIndex: () =>
      read(async (db) => {
        const tx = db.transaction(['documents', 'keywords', ...PART_STORES, META_STORE], 'readonly');
        const [documents, chunkKeys, vectorParts, keywordRecords, revision] = await Promise.all([
          tx.objectStore('documents').getAll() as Promise<DocumentRecord[]>,
          tx.objectStore('chunkParts').getAllKeys() as Promise<Array<[DocumentId, number]>>,
          tx.objectStore('vectorParts').getAll() as Promise<VectorPart[]>,
          tx.objectStore('keywords').getAll() as Promise<KeywordRecord[]>,
          tx.objectStore(META_STORE).get(META_KEYS.revision) as Promise<string | undefined>,
          tx.done,
        ]);
        documents.sort(byAge);
        const vectorsOf = groupParts(vectorParts);
        return {
          documents,
          vectors: documents.map((d) => joinQuantized(d.id, vectorsOf.get(d.id) ?? [])).filter((v) => v !== undefined),
          keywords: new Map(keywordRecords.map((k) => [k.docId, k.segment])),
          withChunks: completeParts(chunkKeys),
          ...(revision === undefined ? {} : { revision }),
        };
      }),

    loadCatalog: () =>
      read(async (db) => {
        const tx = db.transaction(['documents', 'keywords', ...PART_STORES, META_STORE], 'readonly');
        const [documents, chunkKeys, vectorKeys, keywordRecords, revision] = await Promise.all([
          tx.objectStore('documents').getAll() as Promise<DocumentRecord[]>,
          tx.objectStore('chunkParts').getAllKeys() as Promise<Array<[DocumentId, number]>>,
          tx.objectStore('vectorParts').getAllKeys() as Promise<Array<[DocumentId, number]>>,
          tx.objectStore('keywords').getAll() as Promise<KeywordRecord[]>,
          tx.objectStore(META_STORE).get(META_KEYS.revision) as Promise<string | undefined>,
          tx.done,
        ]);
        return {
          documents: documents.sort(byAge),
          keywords: new Map(keywordRecords.map((k) => [k.docId, k.segment])),
          withChunks: completeParts(chunkKeys),
          withVectors: completeParts(vectorKeys),
          ...(revision === undefined ? {} : { revision }),
        };
      }),

    loadVectors: ({ ids, batch = 25, onBatch } = {}) =>
      read(async (db) => {
        let keys: DocumentId[];
        if (ids) keys = [...ids].sort((a, b) => factory.cmp(a, b));
        else keys = (await db.getAllKeys('documents')) as DocumentId[];
        const wanted = ids ? new Set(ids) : undefined;
        const vectors: QuantizedVectors[] = [];
        const revisions = new Set<string | undefined>();
        const step = Math.max(1, batch);
        // One read transaction per batch, one after another: reads of chunk texts for a search
        // (and the caller's own work on each batch) get their turn in between.
        for (let at = 0; at < keys.length; at += step) {
          const range = IDBKeyRange.bound([keys[at], 0], [keys[Math.min(keys.length, at + step) - 1], Number.MAX_SAFE_INTEGER]);
          const tx = db.transaction(['vectorParts', META_STORE], 'readonly');
          const [parts, revision] = await Promise.all([
            tx.objectStore('vectorParts').getAll(range) as Promise<VectorPart[]>,
            tx.objectStore(META_STORE).get(META_KEYS.revision) as Promise<string | undefined>,
            tx.done,
          ]);
          revisions.add(revision);
          const got: QuantizedVectors[] = [];
          for (const [docId, list] of groupParts(parts)) {
            if (wanted && !wanted.has(docId)) continue;
            const joined = joinQuantized(docId, list);
            if (joined) got.push(joined);
          }
          vectors.push(...got);
          onBatch?.(got);
        }
        if (revisions.size > 1) return { vectors, changed: true as const };
        const [revision] = revisions.size ? revisions : [(await db.get(META_STORE, META_KEYS.revision)) as string | undefined];
        return { vectors, ...(revision === undefined ? {} : { revision }) };
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
