/**
 * Checks that BM25 rankings did not change: for the retrieval bench's questions over its
 * synthetic corpus, the top 200 chunks (ids, scores, matched terms), the number of matches, and
 * the scores and ranks of some arbitrary chunks. Save a snapshot with one version of the scorer
 * and compare another against it; with --minisearch, also compare the top 200 with MiniSearch's
 * own OR search over the same chunks (slow: keep n small, e.g. 20000).
 *   tsx scripts/check-bm25-ranking.ts [--n 100000] [--save before.json] [--against before.json] [--minisearch]
 * Exits 1 on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import MiniSearch from 'minisearch';
import { KeywordIndex, STOPWORDS, tokenize } from '../src/core/search';
import { withHeader } from '../src/core/chunk';
import { BENCH_QUESTIONS, syntheticFilings } from './synthetic-filings';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    save: { type: 'string' },
    against: { type: 'string' },
    minisearch: { type: 'boolean', default: false },
  },
});
const TOP = 200;
const corpus = syntheticFilings(Number(values.n));
const index = KeywordIndex.create();
for (const { chunks } of corpus.documents) index.add(chunks, withHeader);
const docIds = corpus.documents.map((d) => d.docId);

type Snapshot = Record<string, { total: number; top: Array<[string, number, string]>; probes: Array<[string, number, string] | null>; ranks: Array<[string, number]> }>;
const snapshot: Snapshot = {};
BENCH_QUESTIONS.forEach((q, qi) => {
  const scores = index.score(q);
  const top = scores.top(TOP);
  // Arbitrary chunks across documents, as the app asks for dense hits' BM25 scores and ranks.
  const probeIds = Array.from({ length: 50 }, (_, i) => `${docIds[(i * 7919 + qi) % docIds.length]}#${(i * 104729) % 500}`);
  const probes = probeIds.map((id) => scores.get(id)).map((h) => (h ? ([h.id, h.score, h.terms.join(' ')] as [string, number, string]) : null));
  snapshot[q] = {
    total: scores.total,
    top: top.map((h) => [h.id, h.score, h.terms.join(' ')]),
    probes,
    ranks: [...scores.ranks(probeIds.slice(0, 10))],
  };
});

let failures = 0;
if (values.save) writeFileSync(values.save, JSON.stringify(snapshot));
if (values.against) {
  const before = JSON.parse(readFileSync(values.against, 'utf8')) as Snapshot;
  for (const q of BENCH_QUESTIONS) {
    for (const key of ['total', 'top', 'probes', 'ranks'] as const) {
      if (JSON.stringify(before[q]?.[key]) !== JSON.stringify(snapshot[q][key])) {
        failures++;
        console.log(`differs from ${values.against}: ${key} for "${q.slice(0, 60)}"`);
      }
    }
  }
}
if (values.minisearch) {
  const processTerm = (t: string) => (t.length === 0 || STOPWORDS.has(t.toLowerCase()) ? null : t.toLowerCase());
  const ms = new MiniSearch({ fields: ['text'], processTerm, tokenize });
  for (const { chunks } of corpus.documents) ms.addAll(chunks.map((c) => ({ id: c.id, text: withHeader(c) })));
  for (const q of BENCH_QUESTIONS) {
    const want = ms.search(q, { combineWith: 'OR', prefix: false, fuzzy: false }).slice(0, TOP);
    const got = snapshot[q].top;
    const same = want.length === got.length && want.every((w, i) => String(w.id) === got[i][0] && Math.abs(w.score - got[i][1]) <= 1e-9 * Math.abs(w.score));
    if (!same) {
      failures++;
      console.log(`differs from MiniSearch: top ${TOP} for "${q.slice(0, 60)}"`);
    }
  }
}
console.log(`${BENCH_QUESTIONS.length} questions over ${values.n} chunks: ${failures === 0 ? 'no differences' : `${failures} differences`}`);
process.exit(failures === 0 ? 0 : 1);
