import { FakeEmbedder } from './fake-embedder';
import { buildDocument } from '../core/ingest';
import { KnowledgeBase } from '../core/kb';
import type { ParsedDocument } from '../core/types';
import { type AskDeps, knowledgeBaseDeps } from '../core/pipeline';

/** Sentences of a small document, each its own chunk (threshold 2 never merges). Tests only. */
const FERRY_DOC = [
  'The ferry to the island leaves the harbour at noon every day.',
  'The ferry to the island leaves the harbour at noon every day!',
  'Tickets for the ferry cost 12 dollars in 2023.',
  'Kelp farms grow seaweed on long lines in cold water.',
  'Beekeepers harvest honey in late summer.',
];

/** A knowledge base over FERRY_DOC with a bag-of-words embedder, and the deps `ask` needs. */
export async function ferryDeps(extra: Partial<AskDeps> = {}): Promise<{ deps: AskDeps; kb: KnowledgeBase; embedder: FakeEmbedder }> {
  return ferryDepsOver(FERRY_DOC, extra);
}

/** The same over other sentences, one paragraph each. */
export async function ferryDepsOver(sentences: string[], extra: Partial<AskDeps> = {}): Promise<{ deps: AskDeps; kb: KnowledgeBase; embedder: FakeEmbedder }> {
  const embedder = new FakeEmbedder(256);
  const text = sentences.join('\n\n');
  const parsed: ParsedDocument = { kind: 'text', title: 'Island guide', text, pages: [{ page: 1, start: 0, end: text.length }], sections: [], warnings: [] };
  const built = await buildDocument({ docId: 'guide', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500 } });
  const kb = new KnowledgeBase(embedder.dim);
  kb.addDocument('guide', built.chunks, built.vectors);
  const deps: AskDeps = {
    ...knowledgeBaseDeps(kb),
    embedQuery: async (q) => embedder.vector(q),
    titleOf: () => 'Island guide',
    embedder,
    ...extra,
  };
  return { deps, kb, embedder };
}
