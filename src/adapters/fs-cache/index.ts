export { FsEmbeddingCacheStore } from './fs-embedding-cache';
