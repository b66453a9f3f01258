/**
 * Exact cosine top-k over N unit vectors (default 100,000 × 512-d), as the app's VectorIndex
 * runs it, plus BM25 (the best k, as KnowledgeBase.search asks for) over the same number of
 * synthetic chunks. For end-to-end hybrid search over filing-like text see bench-retrieval.ts.
 *   npx tsx scripts/bench-vectors.ts [--n 100000] [--dim 512] [--k 20] [--queries 20]
 */
import { parseArgs } from 'node:util';
import { VectorIndex, KeywordIndex } from '../src/core/search';
import type { Chunk } from '../src/core/types';

const { values } = parseArgs({
  options: { n: { type: 'string', default: '100000' }, dim: { type: 'string', default: '512' }, k: { type: 'string', default: '20' }, queries: { type: 'string', default: '20' } },
});
const n = Number(values.n);
const dim = Number(values.dim);
const k = Number(values.k);
const queries = Number(values.queries);

let seed = 42;
const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
function unit(): Float32Array {
  const v = Float32Array.from({ length: dim }, rand);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const perDoc = 1000;
const index = new VectorIndex(dim);
for (let d = 0; d * perDoc < n; d++) {
  const rows = Math.min(perDoc, n - d * perDoc);
  const m = new Float32Array(rows * dim);
  for (let r = 0; r < rows; r++) m.set(unit(), r * dim);
  index.add(
    `doc${d}`,
    Array.from({ length: rows }, (_, r) => `doc${d}#${r}`),
    m,
  );
}

const times: number[] = [];
for (let q = 0; q < queries; q++) {
  const query = unit();
  const t = performance.now();
  index.topK(query, k);
  times.push(performance.now() - t);
}

const words = 'revenue cash flow margin capital expenditure dividend segment footwear apparel inventory tax lease debt goodwill share'.split(' ');
const chunks: Chunk[] = Array.from({ length: n }, (_, i) => {
  const text = Array.from({ length: 60 }, () => words[Math.floor(((rand() + 1) / 2) * words.length)]).join(' ') + ` item${i}`;
  return { id: `c${i}`, docId: `doc${Math.floor(i / perDoc)}`, index: i, text, start: 0, end: text.length, sectionPath: [], sentenceStart: 0, sentenceEnd: 1 };
});
let t = performance.now();
const keyword = KeywordIndex.create();
keyword.add(chunks);
const bm25BuildMs = performance.now() - t;
const bm25Times: number[] = [];
for (let q = 0; q < queries; q++) {
  t = performance.now();
  keyword.score('capital expenditure dividend').top(k); // what KnowledgeBase.search runs
  bm25Times.push(performance.now() - t);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify(
    {
      vectors: n,
      dim,
      k,
      vectorTopKMedianMs: Math.round(median(times) * 10) / 10,
      vectorMemoryMB: Math.round((n * dim * 4) / 1024 / 1024),
      bm25Chunks: n,
      bm25BuildMs: Math.round(bm25BuildMs),
      bm25QueryMedianMs: Math.round(median(bm25Times) * 10) / 10,
    },
    null,
    2,
  ),
);
