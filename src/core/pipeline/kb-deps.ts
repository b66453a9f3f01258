import type { KnowledgeBase } from '../kb/knowledge-base';
import type { AskDeps } from './ask';

/** What the question pipeline reads from an in-memory knowledge base: search, vectors, chunks in order. */
export function knowledgeBaseDeps(kb: KnowledgeBase): Pick<AskDeps, 'search' | 'vectorOf' | 'chunksOf'> {
  return {
    search: (query, vector, options) => kb.search(query, vector, options),
    vectorOf: (id) => kb.vectors.vector(id),
    chunksOf: (docId) => kb.chunksOf(docId),
  };
}
