import type { KnowledgeBase } from '../kb';
import type { AskDeps } from './ask';

/** What the question pipeline reads from a knowledge base: search, vectors, chunks in order (read from storage when needed). */
export function knowledgeBaseDeps(kb: KnowledgeBase): Pick<AskDeps, 'search' | 'vectorOf' | 'chunksOf' | 'loadDocuments'> {
  return {
    search: (query, vector, options) => kb.searchLoaded(query, vector, options),
    loadDocuments: (docIds) => kb.ensure(docIds),
    vectorOf: (id) => kb.vectors.vector(id),
    chunksOf: (docId) => kb.chunksOf(docId),
  };
}
