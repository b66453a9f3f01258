/** What the knowledge base on IndexedDB offers its callers, and what they read and write through it. */
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
} from '../../core/kb';
import type { DocumentId } from '../../core/types';
import type { KeywordSegment } from '../../core/search';
import type { IdbEmbeddingCacheStore } from './embedding-cache';

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
  /**
   * The embedding-cache entries its add used (`keys`), and the owner tag its writes were
   * journalled under (see cacheOwner): the journal is cleared, and deleting the document deletes
   * the entries no other document uses.
   */
  cache?: { owner?: string; keys: string[] };
}

export interface KnowledgeBaseStore {
  /**
   * Writes the documents in one transaction, all or nothing, replacing documents with the same
   * ids. Only these documents' records are written. Resolves to the new revision.
   */
  addDocuments(documents: StoredDocument[]): Promise<string>;
  /**
   * Removes every record of the document in one transaction, with the embedding-cache entries
   * only it used (every entry, when it was the last document); resolves to the new revision.
   */
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
