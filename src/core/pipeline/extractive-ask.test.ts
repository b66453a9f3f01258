import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { buildDocument } from '../ingest';
import { KnowledgeBase } from '../kb';
import type { ParsedDocument } from '../types';
import { ask } from './ask';
import { knowledgeBaseDeps } from './kb-deps';
import { DEFAULT_PIPELINE } from '../settings';

const TEXT = [
  'The balance sheet below shows assets at year end.',
  ['(Millions) | 2018 | 2017', 'Cash and cash equivalents | $2,853 | $3,053', 'Inventories | $4,366 | $4,034', 'Property, plant and equipment - net | $8,738 | $8,866'].join('\n'),
].join('\n\n');

describe('ask, retrieval-only, on a table split across chunks', () => {
  it('quotes the row under the header row of an earlier chunk', async () => {
    const embedder = new FakeEmbedder(256);
    const parsed: ParsedDocument = { kind: 'text', title: '10-K', text: TEXT, pages: [], sections: [], warnings: [] };
    // Chunks this small hold one or two rows each, so the header lies in an earlier chunk.
    const built = await buildDocument({ docId: 'k', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 60 } });
    const kb = new KnowledgeBase(embedder.dim);
    kb.addDocument('k', built.chunks, built.vectors);
    const ppe = built.chunks.find((c) => c.text.includes('equipment - net'))!;
    expect(ppe.text).not.toContain('(Millions)');
    const deps = { ...knowledgeBaseDeps(kb), embedQuery: async (q: string) => embedder.vector(q), titleOf: () => '10-K' };
    const r = await ask('What was net property, plant and equipment?', DEFAULT_PIPELINE, deps);
    expect(r.answer.extractive).toBe(true);
    const n = r.rows.find((row) => row.chunk.id === ppe.id)!.source;
    expect(r.answer.text).toContain(`(Millions) | 2018 | 2017\nProperty, plant and equipment - net | $8,738 | $8,866 [${n}]`);
  });
});
