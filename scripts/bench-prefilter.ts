/**
 * Recall and speed of the dense pre-filter (sign bits → Hamming distance → exact int8 rescoring
 * of the best R rows; see VectorIndex) against the exact int8 scan, for a few R.
 *   npx tsx scripts/bench-prefilter.ts --data real [--cache .cache/embeddings] [--held-out 0]
 *   npx tsx scripts/bench-prefilter.ts --data synthetic [--n 1000000] [--queries 20]
 *     [--r 2000,4000,8000] [--k 200] [--rounds 3]
 * real: the cached all-MiniLM-L6-v2 embeddings of the FinanceBench filings (written by the eval
 * CLI), queried with the cached embeddings of the dev questions (and `held-out` chunk vectors taken
 * out of the index). synthetic: random unit vectors as bench:retrieval makes them (no structure:
 * the worst case for any pre-filter). Recall@m: the share of the exact top m that the
 * pre-filtered top k holds (k = 200, the fusion pool of KnowledgeBase).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { VectorIndex, defaultCandidates } from '../src/core/search';
import { embeddingCacheKey, hashText, splitCacheKey } from '../src/core/embed';
import { lcg, randomUnitRows } from './synthetic-filings';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: 'real' },
    cache: { type: 'string', default: '.cache/embeddings' },
    embedder: { type: 'string', default: 'transformers:Xenova/all-MiniLM-L6-v2:q8:mean' },
    questions: { type: 'string', default: '../shared/data/financebench-dev/questions.jsonl' },
    'held-out': { type: 'string', default: '0' },
    n: { type: 'string', default: '1000000' },
    dim: { type: 'string', default: '384' },
    queries: { type: 'string', default: '20' },
    r: { type: 'string' },
    k: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    'per-doc': { type: 'string', default: '2000' },
  },
});
const k = Number(values.k);
const rounds = Number(values.rounds);
const perDoc = Number(values['per-doc']);

function loadReal(): { dim: number; rows: Float32Array; queries: Float32Array[]; note: string } {
  const questions = readFileSync(values.questions, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).question as string);
  const keys = new Set(questions.map((q) => splitCacheKey(embeddingCacheKey(values.embedder, q)).textKey));
  const base = join(values.cache, cacheFileName(values.embedder));
  const vec = readFileSync(`${base}.vec`);
  const all = new Float32Array(vec.buffer, vec.byteOffset, vec.byteLength >> 2);
  const lines = readFileSync(`${base}.idx`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  const dim = Number(lines[0][2]);
  const queries: Float32Array[] = [];
  let kept: number[] = [];
  const seen = new Set<string>();
  for (const [textKey, offset, d] of lines) {
    if (Number(d) !== dim || seen.has(textKey)) continue;
    seen.add(textKey);
    const row = Number(offset) / 4 / dim;
    if (keys.has(textKey)) queries.push(all.slice(row * dim, (row + 1) * dim));
    else kept.push(row);
  }
  const found = queries.length;
  const heldOut = Number(values['held-out']);
  if (heldOut > 0) {
    const rand = lcg(7);
    const held = new Set<number>();
    while (held.size < heldOut) held.add(kept[Math.floor(rand() * kept.length)]);
    for (const row of held) queries.push(all.slice(row * dim, (row + 1) * dim));
    kept = kept.filter((row) => !held.has(row));
  }
  const rows = new Float32Array(kept.length * dim);
  kept.forEach((row, i) => rows.set(all.subarray(row * dim, (row + 1) * dim), i * dim));
  return { dim, rows, queries, note: `${found} FinanceBench dev questions${heldOut ? ` + ${heldOut} held-out chunks` : ''}` };
}

/** As FsEmbeddingCacheStore names its files (see src/adapters/fs-cache). */
function cacheFileName(embedderId: string): string {
  return `${embedderId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80)}-${hashText(embedderId).slice(0, 8)}`;
}

const data =
  values.data === 'real'
    ? loadReal()
    : (() => {
        const dim = Number(values.dim);
        const rand = lcg(99);
        const n = Number(values.n);
        return {
          dim,
          rows: randomUnitRows(n, dim, rand),
          queries: Array.from({ length: Number(values.queries) }, () => randomUnitRows(1, dim, rand)),
          note: `${values.queries} random queries`,
        };
      })();
const { dim, queries } = data;
const n = data.rows.length / dim;

let R = 0;
const exact = new VectorIndex(dim, { precision: 'i8', prefilter: { minRows: Infinity } });
const filtered = new VectorIndex(dim, { precision: 'i8', prefilter: { minRows: 0, candidates: () => R } });
for (let start = 0, d = 0; start < n; start += perDoc, d++) {
  const part = data.rows.subarray(start * dim, Math.min(n, start + perDoc) * dim);
  exact.add(`doc${d}`, part.length / dim, part);
  filtered.add(`doc${d}`, part.length / dim, part);
}
data.rows = new Float32Array(0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function timed(index: VectorIndex): { ms: number; hits: string[][] } {
  const times: number[] = [];
  const hits = queries.map((q) => index.topK(q, k).map((h) => h.id)); // warm-up, and the results
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) {
      const t = performance.now();
      index.topK(q, k);
      times.push(performance.now() - t);
    }
  }
  return { ms: median(times), hits };
}

console.log(
  `${values.data}: ${n} rows × ${dim}-d in documents of ${perDoc}, ${queries.length} queries (${data.note}), k ${k}, ${rounds} rounds; ${exact.simd ? 'WebAssembly SIMD' : 'plain JS'}`,
);
const truth = timed(exact);
console.log(`exact int8 scan: ${truth.ms.toFixed(1)} ms median per query`);
const rs = values.r ? values.r.split(',').map(Number) : [2000, 4000, 8000, 16000, defaultCandidates(k, n)];
for (const r of [...new Set(rs)].sort((a, b) => a - b)) {
  R = r;
  const got = timed(filtered);
  const recall = (m: number) =>
    queries.reduce((sum, _, qi) => {
      const mine = new Set(got.hits[qi]);
      const top = truth.hits[qi].slice(0, m);
      return sum + top.filter((id) => mine.has(id)).length / top.length;
    }, 0) / queries.length;
  const worst200 = Math.min(
    ...queries.map((_, qi) => {
      const mine = new Set(got.hits[qi]);
      return truth.hits[qi].filter((id) => mine.has(id)).length / truth.hits[qi].length;
    }),
  );
  const mark = r === defaultCandidates(k, n) ? ' (default)' : '';
  console.log(
    `R ${String(r).padStart(7)}${mark}: recall@50 ${recall(50).toFixed(4)}  recall@200 ${recall(200).toFixed(4)} (worst query ${worst200.toFixed(3)})  ${got.ms.toFixed(1)} ms median per query`,
  );
}
