import { describe, expect, it } from 'vitest';
import { KnowledgeBase } from './knowledge-base';
import { KeywordIndex } from '../search/bm25';
import { axisVector } from '../chunk/test-helpers';
import { packRows } from '../vector/cosine';
import type { Chunk } from '../types';

function chunk(docId: string, index: number, text: string): Chunk {
  return { id: `${docId}#${index}`, docId, index, text, start: 0, end: text.length, sectionPath: [], sentenceStart: index, sentenceEnd: index + 1 };
}

function build(): KnowledgeBase {
  const kb = new KnowledgeBase(4);
  const a = [chunk('a', 0, 'Revenue grew to 5 billion dollars in 2018.'), chunk('a', 1, 'The board met twice in spring.')];
  const b = [chunk('b', 0, 'Capital expenditure was 1.2 billion dollars.'), chunk('b', 1, 'Footwear sales were strong in Asia.')];
  kb.addDocument('a', a, packRows([axisVector(4, 0), axisVector(4, 1)], 4));
  kb.addDocument('b', b, packRows([axisVector(4, 2), axisVector(4, 3)], 4));
  return kb;
}

describe('KnowledgeBase.search', () => {
  it('ranks by BM25 in bm25 mode and ignores stopwords', () => {
    const kb = build();
    const { candidates } = kb.search('what was the capital expenditure', undefined, { mode: 'bm25' });
    expect(candidates[0].chunk.id).toBe('b#0');
    expect(candidates).toHaveLength(1);
    expect(candidates[0].terms.sort()).toEqual(['capital', 'expenditure']);
  });

  it('ranks by cosine in dense mode', () => {
    const kb = build();
    const { candidates } = kb.search('anything', axisVector(4, 3), { mode: 'dense', limit: 2 });
    expect(candidates.map((c) => c.chunk.id)).toEqual(['b#1', 'a#0']);
    expect(candidates[0].dense).toBeCloseTo(1);
  });

  it('fuses both signals in hybrid mode and reports every score', () => {
    const kb = build();
    // keyword match on a#0, vector match on a#1
    const { candidates, trace } = kb.search('revenue', axisVector(4, 1), { mode: 'hybrid', limit: 4 });
    const ids = candidates.map((c) => c.chunk.id);
    expect(ids.slice(0, 2).sort()).toEqual(['a#0', 'a#1']);
    const a0 = candidates.find((c) => c.chunk.id === 'a#0')!;
    expect(a0.bm25).toBeGreaterThan(0);
    expect(a0.bm25Norm).toBe(1);
    expect(a0.rankBm25).toBe(1);
    expect(a0.score).toBeCloseTo(0.5 * a0.bm25Norm + 0.5 * a0.denseNorm);
    expect(trace.map((t) => t.stage)).toEqual(['bm25', 'dense', 'fusion']);
  });

  it('restricts to chosen documents and forgets deleted ones everywhere', () => {
    const kb = build();
    expect(kb.search('dollars', undefined, { mode: 'bm25', docIds: new Set(['a']) }).candidates.map((c) => c.chunk.id)).toEqual(['a#0']);
    kb.removeDocument('b');
    expect(kb.search('capital', undefined, { mode: 'bm25' }).candidates).toEqual([]);
    expect(kb.search('x', axisVector(4, 2), { mode: 'dense' }).candidates.every((c) => c.chunk.docId === 'a')).toBe(true);
    expect(kb.chunkCount).toBe(2);
  });

  it('round-trips the keyword index through JSON', () => {
    const kb = build();
    const restored = new KnowledgeBase(4, KeywordIndex.fromJSON(kb.keyword.toJSON()));
    const a = [chunk('a', 0, 'Revenue grew to 5 billion dollars in 2018.'), chunk('a', 1, 'The board met twice in spring.')];
    restored.addDocument('a', a, packRows([axisVector(4, 0), axisVector(4, 1)], 4), { indexed: true });
    expect(restored.search('revenue', undefined, { mode: 'bm25' }).candidates[0].chunk.id).toBe('a#0');
  });
});
