/** The knowledge base on IndexedDB: documents and everything derived from them, settings, caches. */
import { openConnection, type KnowledgeBaseOptions } from './connection';
import { createEmbeddingCacheStore } from './embedding-cache';
import type { KnowledgeBaseStore } from './knowledge-base-types';
import { knowledgeBaseReads } from './reads';
import { readUsage } from './usage';
import { knowledgeBaseWrites } from './writes';

export type { KnowledgeBaseCatalog, KnowledgeBaseStore, LoadedVectors, LoadVectorsOptions, StoredDocument } from './knowledge-base-types';

export async function openKnowledgeBase(options: KnowledgeBaseOptions = {}): Promise<KnowledgeBaseStore> {
  const connection = await openConnection(options);
  return {
    ...knowledgeBaseWrites(connection),
    ...knowledgeBaseReads(connection),
    embeddingCache: createEmbeddingCacheStore(connection.live, (e) => connection.fail(e, 'embedding cache')),
    usage: () => readUsage(connection.estimator),
    close: () => connection.close(),
  };
}
