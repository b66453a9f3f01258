import { describe, expect, it } from 'vitest';
import { KnowledgeBase } from './knowledge-base';
import { axisVector } from '../../testing/vectors';
import { packRows } from '../vector';
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

describe('KnowledgeBase.search: modes', () => {
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
});

describe('KnowledgeBase.search: adding, removing and restoring documents', () => {
  it('searches a document by keyword before it has vectors, and the finished document replaces it', () => {
    const kb = build();
    kb.addKeywordsOnly('c', [chunk('c', 0, 'Dividends of 80 cents a share were paid.')]);
    expect(kb.isPending('c')).toBe(true);
    expect(kb.embeddedChunkCount).toBe(4);
    const hybrid = kb.search('dividends', axisVector(4, 0), { mode: 'hybrid', limit: 5 });
    const c0 = hybrid.candidates.find((c) => c.chunk.id === 'c#0')!;
    expect(c0.bm25).toBeGreaterThan(0);
    expect(c0.dense).toBe(0);
    expect(kb.search('anything', axisVector(4, 0), { mode: 'dense', limit: 10 }).candidates.map((c) => c.chunk.docId)).not.toContain('c');
    expect(kb.pendingDocuments().map((p) => p.docId)).toEqual(['c']);

    kb.addDocument('c', [chunk('c', 0, 'Dividends of 80 cents a share were paid.')], packRows([axisVector(4, 0)], 4));
    expect(kb.isPending('c')).toBe(false);
    expect(kb.search('dividends', axisVector(4, 0), { mode: 'hybrid' }).candidates[0]).toMatchObject({ dense: expect.closeTo(1, 2) });
    kb.addKeywordsOnly('d', [chunk('d', 0, 'Interim figures.')]);
    kb.removeDocument('d');
    expect(kb.search('interim', undefined, { mode: 'bm25' }).candidates).toEqual([]);
    expect(kb.chunkCount).toBe(5);
  });

  it('ranks a document still being embedded by its keywords, not below every embedded chunk', () => {
    const kb = build();
    kb.addKeywordsOnly('amcor', [chunk('amcor', 0, 'Amcor net sales rose to 3.6 billion dollars in the quarter.')]);
    // The query's vector points at an embedded chunk; the pending chunk matches every word.
    const { candidates } = kb.search('Amcor net sales', axisVector(4, 3), { mode: 'hybrid', limit: 4 });
    expect(candidates[0].chunk.id).toBe('amcor#0');
    expect(candidates[0].score).toBeCloseTo(candidates[0].bm25Norm);
  });

  it('restricts to chosen documents and forgets deleted ones everywhere', () => {
    const kb = build();
    expect(kb.search('dollars', undefined, { mode: 'bm25', docIds: new Set(['a']) }).candidates.map((c) => c.chunk.id)).toEqual(['a#0']);
    kb.removeDocument('b');
    expect(kb.search('capital', undefined, { mode: 'bm25' }).candidates).toEqual([]);
    expect(kb.search('x', axisVector(4, 2), { mode: 'dense' }).candidates.every((c) => c.chunk.docId === 'a')).toBe(true);
    expect(kb.chunkCount).toBe(2);
  });

  it('uses a stored keyword segment that indexes exactly the document’s chunks', () => {
    const kb = build();
    const restored = new KnowledgeBase(4);
    const a = kb.chunksOf('a');
    const { rebuilt } = restored.addDocument('a', a, packRows([axisVector(4, 0), axisVector(4, 1)], 4), { keywords: kb.keywordSegment('a') });
    expect(rebuilt).toBe(false);
    expect(restored.search('revenue', undefined, { mode: 'bm25' }).candidates[0].chunk.id).toBe('a#0');
  });

  it('rebuilds a stored keyword segment that is stale, unreadable or another document’s, and never returns chunks it does not hold', () => {
    const kb = build();
    const b = kb.chunksOf('b');
    const vectors = packRows([axisVector(4, 2), axisVector(4, 3)], 4);
    for (const stale of [kb.keywordSegment('a'), 'not json', '{"documentCount":1}']) {
      const restored = new KnowledgeBase(4);
      expect(restored.addDocument('b', b, vectors, { keywords: stale }).rebuilt).toBe(true);
      for (const mode of ['bm25', 'hybrid'] as const) {
        const { candidates } = restored.search('revenue billion dollars', axisVector(4, 0), { mode });
        expect(candidates.map((c) => c.chunk.id)).toContain('b#0');
        expect(candidates.every((c) => c.chunk.docId === 'b')).toBe(true);
      }
    }
  });
});

describe('KnowledgeBase.search: ranks in larger libraries', () => {
  it('ranks a rare query term’s chunk first when a long question is full of common words (hybrid)', () => {
    const dim = 16; // a multiple of 16: the SIMD path
    const kb = new KnowledgeBase(dim);
    const texts = Array.from({ length: 300 }, (_, i) => `The company reported revenue of ${i} million in 2022, and net income of ${i % 7} million for the year.`);
    texts[123] = 'Purchases of property, plant and equipment (capital expenditures) were 1,577 million in 2018.';
    const chunks = texts.map((t, i) => chunk('r', i, t));
    // Every vector alike: dense cannot tell the chunks apart, so BM25 decides.
    kb.addDocument(
      'r',
      chunks,
      packRows(
        chunks.map(() => axisVector(dim, 0)),
        dim,
      ),
    );
    const q = 'What is the company’s FY2018 capital expenditures amount in USD millions, and how did revenue and net income change in 2022?';
    const { candidates, trace } = kb.search(q, axisVector(dim, 0), { mode: 'hybrid', limit: 5 });
    expect(candidates[0].chunk.id).toBe('r#123');
    expect(candidates[0].rankBm25).toBe(1);
    expect(candidates[0].terms.sort()).toEqual(['capital', 'expenditures']);
    expect(trace.find((t) => t.stage === 'bm25')!.detail).toEqual({ hits: 300 });
  });

  it('keeps hybrid hits within the chosen documents', () => {
    const dim = 16;
    const kb = new KnowledgeBase(dim);
    for (const d of ['a', 'b', 'c']) {
      const chunks = Array.from({ length: 40 }, (_, i) => chunk(d, i, `revenue ${d} item ${i} million`));
      kb.addDocument(
        d,
        chunks,
        packRows(
          chunks.map((_, i) => axisVector(dim, i % dim, i / 40)),
          dim,
        ),
      );
    }
    const { candidates } = kb.search('revenue million', axisVector(dim, 3), { mode: 'hybrid', limit: 50, docIds: new Set(['a', 'c']) });
    expect(candidates).toHaveLength(50);
    expect(candidates.every((c) => c.chunk.docId !== 'b')).toBe(true);
  });

  it('gives the full-list BM25 rank of a chunk that dense lifts from below the pool', () => {
    const dim = 16;
    const kb = new KnowledgeBase(dim);
    // 260 chunks match "revenue"; longer ones score lower, so r#259 ranks last in BM25.
    const chunks = Array.from({ length: 260 }, (_, i) => chunk('r', i, `revenue ${'word '.repeat(i)}`));
    kb.addDocument(
      'r',
      chunks,
      packRows(
        chunks.map((_, i) => (i === 259 ? axisVector(dim, 5) : axisVector(dim, 0))),
        dim,
      ),
    );
    const all = kb.search('revenue', undefined, { mode: 'bm25', limit: 1000 }).candidates;
    expect(all).toHaveLength(260);
    const lifted = kb.search('revenue', axisVector(dim, 5), { mode: 'hybrid', weights: { bm25: 0.1, dense: 0.9 }, limit: 3 }).candidates;
    expect(lifted[0].chunk.id).toBe('r#259');
    expect(lifted[0].rankBm25).toBe(all.findIndex((c) => c.chunk.id === 'r#259') + 1);
    expect(lifted[0].rankBm25).toBeGreaterThan(200);
    expect(lifted[0].rankDense).toBe(1);
    expect(lifted[0].terms).toEqual(['revenue']);
  });
});

describe('KnowledgeBase with chunk texts read on demand', () => {
  const texts = ['Revenue grew to 5 billion dollars in 2018.', 'The board met twice in spring.', 'Capital expenditure was 1.2 billion dollars.'];
  const docs = ['a', 'b', 'c'].map((d, k) => ({
    docId: d,
    chunks: texts.map((t, i) => chunk(d, i, `${t} (${d})`)),
    vectors: packRows(
      texts.map((_, i) => axisVector(4, (i + k) % 4)),
      4,
    ),
  }));
  /** A library as stored: each document's chunks, vectors and keyword segment. */
  function stored() {
    const full = new KnowledgeBase(4);
    for (const d of docs) full.addDocument(d.docId, d.chunks, d.vectors);
    return { full, segments: new Map(docs.map((d) => [d.docId, full.keywordSegment(d.docId)])) };
  }

  it('is searchable from counts and stored segments, reads a document’s texts once when a result needs them, and ranks as the full one does', async () => {
    const { full, segments } = stored();
    const reads: string[] = [];
    const lazy = new KnowledgeBase(4, { loadChunks: async (id) => (reads.push(id), docs.find((d) => d.docId === id)!.chunks) });
    for (const d of docs) expect(lazy.addDocument(d.docId, d.chunks.length, d.vectors, { keywords: segments.get(d.docId) }).rebuilt).toBe(false);
    expect(lazy.chunkCount).toBe(9);
    expect(lazy.chunksOf('a')).toEqual([]);
    expect(() => lazy.search('capital expenditure', undefined, { mode: 'bm25' })).toThrow(/not in memory/);
    const { candidates } = await lazy.searchLoaded('capital expenditure dollars', axisVector(4, 2), { mode: 'hybrid', limit: 4 });
    expect(candidates).toEqual(full.search('capital expenditure dollars', axisVector(4, 2), { mode: 'hybrid', limit: 4 }).candidates);
    const first = [...reads];
    await lazy.searchLoaded('capital expenditure dollars', axisVector(4, 2), { mode: 'hybrid', limit: 4 });
    expect(reads).toEqual(first);
    expect(new Set(reads).size).toBe(reads.length);
  });

  it('refuses a count-only document whose stored segment does not fit, so the caller rebuilds it', () => {
    const { segments } = stored();
    const lazy = new KnowledgeBase(4, { loadChunks: async () => undefined });
    expect(() => lazy.addDocument('a', 2, packRows([axisVector(4, 0), axisVector(4, 1)], 4), { keywords: segments.get('a') })).toThrow(/does not match/);
    expect(() => lazy.addDocument('a', 3, docs[0].vectors, { keywords: 'garbage' })).toThrow(/does not match/);
    expect(lazy.chunkCount).toBe(0);
  });

  it('keeps at most the bound of chunk texts in memory, dropping the least recently used documents', async () => {
    const { segments } = stored();
    const lazy = new KnowledgeBase(4, { loadChunks: async (id) => docs.find((d) => d.docId === id)!.chunks, keepChunks: 6 });
    for (const d of docs) lazy.addDocument(d.docId, 3, d.vectors, { keywords: segments.get(d.docId) });
    await lazy.ensure(['a']);
    await lazy.ensure(['b']);
    await lazy.ensure(['c']);
    expect([lazy.chunksOf('b').length, lazy.chunksOf('c').length]).toEqual([3, 3]);
    expect(lazy.chunk('a#0')).toBeUndefined();
    await lazy.ensure(['a']);
    expect(lazy.chunk('a#0')?.text).toMatch(/^Revenue/);
    expect(lazy.chunk('b#1')).toBeUndefined();
  });

  it('never drops the texts of a document searchable by keyword only (they are stored nowhere)', async () => {
    const { segments } = stored();
    const lazy = new KnowledgeBase(4, { loadChunks: async (id) => docs.find((d) => d.docId === id)!.chunks, keepChunks: 3 });
    lazy.addKeywordsOnly('p', [chunk('p', 0, 'Pending text about dividends.')]);
    for (const d of docs) lazy.addDocument(d.docId, 3, d.vectors, { keywords: segments.get(d.docId) });
    await lazy.ensure(['a']);
    await lazy.ensure(['b']);
    expect(lazy.chunk('a#0')).toBeUndefined();
    expect(lazy.chunk('p#0')?.text).toMatch(/^Pending/);
    expect((await lazy.searchLoaded('dividends', undefined, { mode: 'bm25' })).candidates[0].chunk.id).toBe('p#0');
  });

  it('fails clearly when the stored chunks are missing', async () => {
    const { segments } = stored();
    const lazy = new KnowledgeBase(4, { loadChunks: async () => undefined });
    lazy.addDocument('a', 3, docs[0].vectors, { keywords: segments.get('a') });
    await expect(lazy.ensure(['a'])).rejects.toThrow(/stored chunks of document a are missing/);
  });
});
