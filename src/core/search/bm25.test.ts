import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { KeywordIndex, type KeywordHit } from './bm25';
import { STOPWORDS } from './stopwords';
import { tokenize } from './tokenize';
import type { Chunk } from '../types';

function chunk(docId: string, index: number, text: string): Chunk {
  return { id: `${docId}#${index}`, docId, index, text, start: 0, end: text.length, sectionPath: [], sentenceStart: index, sentenceEnd: index + 1 };
}

/** Chunks over a skewed vocabulary: the first words are in most chunks, the last in few. */
function corpus(docs: number, perDoc: number, seed = 3): Chunk[] {
  const words = 'company million revenue 2022 net income cash debt margin capital expenditure goodwill impairment lease footwear dividend'.split(' ');
  let s = seed;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const out: Chunk[] = [];
  for (let d = 0; d < docs; d++) {
    for (let i = 0; i < perDoc; i++) {
      const len = 5 + Math.floor(rand() * 30);
      const text = Array.from({ length: len }, () => (rand() < 0.2 ? 'the' : words[Math.floor(rand() ** 2.5 * words.length)])).join(' ');
      out.push(chunk(`d${d}`, i, text));
    }
  }
  return out;
}

/** MiniSearch's own OR search over one index of the same chunks: the reference the segmented scorer must match. */
function reference(chunks: Chunk[]): MiniSearch {
  const processTerm = (t: string) => (t.length === 0 || STOPWORDS.has(t.toLowerCase()) ? null : t.toLowerCase());
  const ms = new MiniSearch({ fields: ['text'], storeFields: ['docId'], processTerm, tokenize });
  ms.addAll(chunks.map((c) => ({ id: c.id, docId: c.docId, text: c.text })));
  return ms;
}

function expectSameHits(actual: KeywordHit[], expected: Array<{ id: unknown; score: number; terms: string[] }>): void {
  expect(actual.map((h) => h.id)).toEqual(expected.map((h) => String(h.id)));
  actual.forEach((h, i) => {
    expect(h.score).toBeCloseTo(expected[i].score, 9);
    expect([...h.terms].sort()).toEqual([...expected[i].terms].sort());
  });
}

const QUERIES = ['What was the company capital expenditure in 2022, in millions?', 'goodwill impairment', 'net income net income cash', 'the of and', 'unknownword revenue'];

const index = KeywordIndex.create();
const chunks = corpus(6, 80);
index.add(chunks);

describe('KeywordIndex: matches MiniSearch', () => {
  it('scores and orders exactly like MiniSearch OR search', () => {
    const ref = reference(chunks);
    for (const q of QUERIES) expectSameHits(index.search(q), ref.search(q, { combineWith: 'OR', prefix: false, fuzzy: false }));
  });

  it('matches MiniSearch when restricted to some documents', () => {
    const ref = reference(chunks);
    const docIds = new Set(['d1', 'd4']);
    for (const q of QUERIES) {
      const hits = index.search(q, docIds);
      expect(hits.every((h) => h.id.startsWith('d1#') || h.id.startsWith('d4#'))).toBe(true);
      expectSameHits(hits, ref.search(q, { combineWith: 'OR', prefix: false, fuzzy: false, filter: (r) => docIds.has(r.docId) }));
    }
  });
});

describe('KeywordIndex: top k, ranks and single scores', () => {
  it('gives the top k, any chunk’s score and terms, and ranks matching the full list', () => {
    const q = QUERIES[0];
    const all = index.search(q);
    const scores = index.score(q);
    expect(scores.total).toBe(all.length);
    expect(scores.top(10)).toEqual(all.slice(0, 10));
    const probe = [all[0], all[57], all[200], all[all.length - 1]].map((h) => h.id);
    const ranks = scores.ranks([...probe, 'nope#1']);
    expect(probe.map((id) => ranks.get(id))).toEqual(probe.map((id) => all.findIndex((h) => h.id === id) + 1));
    expect(ranks.has('nope#1')).toBe(false);
    expect(scores.get(all[57].id)).toEqual(all[57]);
    expect(scores.get('nope#1')).toBeUndefined();
  });

  it('ranks every chunk, ties included, and reads scores of a restricted search only for its documents', () => {
    // A short query over a small vocabulary: many chunks tie, and MiniSearch keeps the earlier match first.
    const q = 'net income cash';
    const all = index.search(q);
    expect(new Set(all.map((h) => h.score)).size).toBeLessThan(all.length);
    const scores = index.score(q);
    const ids = all.map((h) => h.id);
    const ranks = scores.ranks(ids);
    expect(ids.map((id) => ranks.get(id))).toEqual(ids.map((_, i) => i + 1));
    for (const h of all) expect(scores.get(h.id)).toEqual(h);
    expect(scores.total).toBe(all.length);

    const only = index.score(q, new Set(['d3']));
    const d3 = all.filter((h) => h.docId === 'd3');
    expect(only.total).toBe(d3.length);
    expect(only.top(5)).toEqual(d3.slice(0, 5));
    expect(only.get(d3[0].id)).toEqual(d3[0]);
    expect(only.get(all.find((h) => h.docId !== 'd3')!.id)).toBeUndefined();
    expect(only.ranks([d3[2].id, all.find((h) => h.docId !== 'd3')!.id])).toEqual(new Map([[d3[2].id, 3]]));
  });
});

describe('KeywordIndex: removing, loading and adding chunks', () => {
  it('leaves out a removed document and scores the rest as one index of them would', () => {
    const copy = KeywordIndex.create();
    copy.add(chunks);
    copy.remove('d2');
    const ref = reference(chunks.filter((c) => c.docId !== 'd2'));
    for (const q of QUERIES) {
      const hits = copy.search(q);
      expect(hits.some((h) => h.id.startsWith('d2#'))).toBe(false);
      expectSameHits(hits, ref.search(q, { combineWith: 'OR', prefix: false, fuzzy: false }));
    }
  });

  it('round-trips a document’s segment through JSON, and says whether it covers the given chunks', () => {
    const copy = KeywordIndex.create();
    for (const d of ['d0', 'd1', 'd2', 'd3', 'd4', 'd5']) copy.load(d, index.segment(d));
    for (const q of QUERIES) expect(copy.search(q)).toEqual(index.search(q));
    const ids = chunks.filter((c) => c.docId === 'd3').map((c) => c.id);
    expect(copy.covers('d3', ids)).toBe(true);
    expect(copy.covers('d3', ids.slice(1))).toBe(false);
    expect(copy.covers('d3', [...ids.slice(1), 'd3#999'])).toBe(false);
    expect(copy.covers('nope', [])).toBe(false);
    expect(copy.size).toBe(chunks.length);
  });

  it('ranks the chunk holding a rare term first even when a long question is full of common words', () => {
    const kb = KeywordIndex.create();
    const filler = Array.from({ length: 200 }, (_, i) => chunk('x', i, `The company reported revenue of ${i} million in 2022 and net income of ${i} million.`));
    kb.add([...filler, chunk('x', 200, 'Capital expenditures: purchases of property, plant and equipment were 1,577 million in 2018.')]);
    const hits = kb.search('What is the FY2018 capital expenditures amount in USD millions for the company in 2018? revenue income');
    expect(hits[0].id).toBe('x#200');
    expect(hits).toHaveLength(201);
  });

  it('sees chunks added after a search', () => {
    const kb = KeywordIndex.create();
    kb.add([chunk('a', 0, 'revenue grew')]);
    expect(kb.search('footwear')).toEqual([]);
    kb.add([chunk('b', 0, 'footwear revenue')]);
    expect(kb.search('footwear').map((h) => h.id)).toEqual(['b#0']);
    expect(kb.search('revenue footwear').map((h) => h.id)).toEqual(['b#0', 'a#0']);
  });
});
