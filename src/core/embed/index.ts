/**
 * Embedding: the Embedder interface every runtime implements, the text a chunk is embedded as,
 * batching within a model's limits, and a cache of vectors keyed by model and text so re-indexing
 * and the eval embed each text once.
 */
export { mapInBatches } from './batch';
export type { BatchLimits } from './batch';
export { embeddingCacheKey, hashText, splitCacheKey } from './cache-key';
export type { EmbeddingCacheStore } from './cache-store';
export { withCache, type CachedEmbedder } from './cache';
export { cacheOwner, type CacheLedger } from './cache-writes';
export { URGENT_TEXTS, type Embedder, type LoadProgress } from './embedder';
export { embeddingText } from './embedding-text';
