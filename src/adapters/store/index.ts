export { openKnowledgeBase, type KnowledgeBaseStore, type StoredDocument } from './knowledge-base';
export { MIGRATIONS, type Migration } from './schema';
export type { IdbEmbeddingCacheStore } from './embedding-cache';
export type { StorageEstimator } from './usage';
