/**
 * The knowledge base: documents, their chunks, vectors and keyword index in memory, searched by
 * keywords (BM25), by meaning (dense vectors) or both (hybrid); the versioned records it is stored
 * and backed up as, and when a stored index is out of date.
 */
export { KnowledgeBase } from './knowledge-base';
export { INDEX_VERSION, outdatedReason } from './outdated';
export type { Candidate, RetrievalMode, SearchOptions } from './rank';
export type {
  DocumentBundle,
  DocumentChunks,
  DocumentFile,
  DocumentRecord,
  DocumentText,
  DocumentVectors,
  KnowledgeBaseIndex,
  KnowledgeBaseSnapshot,
  QuantizedVectors,
  StorageUsage,
} from './records';
