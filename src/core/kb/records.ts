/**
 * What the knowledge base keeps about each document, one record per store. Pure data that
 * survives structured cloning (no Blob, no class instances), so it round-trips through
 * IndexedDB in browsers and in Node tests alike.
 */
import type { DocumentCard } from '../card';
import type { Chunk, DocumentId, PageSpan, SectionSpan, SourceKind } from '../types';
import type { ChunkerSettings } from '../settings';
import type { StoredTables } from '../tables';

/** The summary the document list shows; everything else is loaded on demand. */
export interface DocumentRecord {
  id: DocumentId;
  /** File name as the user chose it. */
  name: string;
  kind: SourceKind;
  mime: string;
  /** Size of the original file in bytes. */
  size: number;
  /** Epoch milliseconds. */
  addedAt: number;
  title: string;
  /** What the document is and the names and period questions may use for it (absent: indexed before cards). */
  card?: DocumentCard;
  charCount: number;
  /** 0 for formats without pages. */
  pageCount: number;
  sentenceCount: number;
  chunkCount: number;
  chunker: ChunkerSettings;
  /** `Embedder.id` of the model that produced the sentence similarities and chunk vectors. */
  embedderId: string;
  warnings: string[];
  /** The language model whose split probabilities chunked it (LLM-boundary chunking only). */
  chunkerModel?: string;
  /** The language model's one-sentence description in its chunk headers, kept so a re-index keeps it. */
  summary?: string;
  /** SHA-256 of the original file, hex: the same file added again is recognised (absent: added before hashes were kept). */
  contentHash?: string;
  /** INDEX_VERSION when it was indexed (absent: before versions were kept). */
  indexVersion?: number;
}

/** The original file, kept so the user can open it again. */
export interface DocumentFile {
  docId: DocumentId;
  bytes: ArrayBuffer;
  mime: string;
}

/** A sentence as stored: offsets into `DocumentText.text` only; the text is sliced on demand. */
export interface SentenceSpan {
  start: number;
  end: number;
}

/** Cleaned text and its structure, for the chunk inspector. */
export interface DocumentText {
  docId: DocumentId;
  text: string;
  pages: PageSpan[];
  sections: SectionSpan[];
  sentences: SentenceSpan[];
  /** neighbourSims[i] = cosine(sentence i, sentence i + 1); length sentences.length - 1 (or 0). */
  neighbourSims: Float32Array;
  /** Its tables read as cells at ingest (absent: indexed before tables were stored; they are read when first needed). */
  tables?: StoredTables;
}

export interface DocumentChunks {
  docId: DocumentId;
  /** In chunk-index order. */
  chunks: Chunk[];
}

/** One row of `dim` floats per chunk, row i = chunk i, L2-normalised. */
export interface DocumentVectors {
  docId: DocumentId;
  embedderId: string;
  dim: number;
  data: Float32Array;
}

/** Everything the knowledge base holds for one document; written and deleted as a unit. */
export interface DocumentBundle {
  document: DocumentRecord;
  file: DocumentFile;
  text: DocumentText;
  chunks: DocumentChunks;
  vectors: DocumentVectors;
}

/** A document's vectors as stored: 8-bit rows with a scale each (see core/vector/quantize). */
export interface QuantizedVectors {
  docId: DocumentId;
  embedderId: string;
  dim: number;
  q: Int8Array;
  scales: Float32Array;
}

/** What a library needs to open searchable: everything but the chunk texts, which are read when needed. */
export interface KnowledgeBaseIndex {
  /** Oldest first. */
  documents: DocumentRecord[];
  vectors: QuantizedVectors[];
  /** Each document's stored keyword index segment (see core/search/segment), where it has one; checked before use. */
  keywords: Map<DocumentId, unknown>;
  /** Documents whose chunks are stored. */
  withChunks: Set<DocumentId>;
  revision?: string;
}

/** Everything stored for search, chunk texts included. */
export interface KnowledgeBaseSnapshot {
  /** Oldest first. */
  documents: DocumentRecord[];
  /** Same order as `documents`. */
  chunks: DocumentChunks[];
  /** Same order as `documents`. */
  vectors: DocumentVectors[];
  /** Each document's stored keyword index segment (see core/search/segment), where it has one; checked before use. */
  keywords: Map<DocumentId, unknown>;
  /** The stored documents' revision: changes with every add, delete and clear. */
  revision?: string;
}

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
  /**
   * Of usedBytes, where the browser tells: the library (its documents and indexes in IndexedDB),
   * and cached app and model files (caches).
   */
  libraryBytes?: number;
  cachedFilesBytes?: number;
  /** Of libraryBytes' IndexedDB: the embedding cache, about (entries × their size); not part of libraryBytes. */
  embeddingCacheBytes?: number;
  /** Of cachedFilesBytes: model files (fetched again when next used) and the app's own files. */
  modelFilesBytes?: number;
  appFilesBytes?: number;
}
