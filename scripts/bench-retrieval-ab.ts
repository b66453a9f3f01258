/**
 * bench:retrieval's hybrid queries over the same synthetic chunks, on two knowledge bases built
 * alike except for dense search: exact (every row scored) and pre-filtered (sign bits, then the
 * best candidates rescored; the default past 200,000 rows). Questions alternate between the two,
 * so both see the same machine load.
 *   NODE_OPTIONS=--max-old-space-size=12000 npx tsx scripts/bench-retrieval-ab.ts [--n 1000000] [--rounds 3]
 */
import { parseArgs } from 'node:util';
import { KnowledgeBase } from '../src/core/kb';
import { BENCH_QUESTIONS, lcg, randomUnitRows, syntheticFilings } from './synthetic-filings';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    dim: { type: 'string', default: '384' },
    rounds: { type: 'string', default: '3' },
    limit: { type: 'string', default: '20' },
  },
});
const n = Number(values.n);
const dim = Number(values.dim);
const rounds = Number(values.rounds);
const limit = Number(values.limit);

const gaussian = lcg(99);
const corpus = syntheticFilings(n);
const exact = new KnowledgeBase(dim, { prefilter: { minRows: Infinity } });
const filtered = new KnowledgeBase(dim);
for (const { docId, chunks } of corpus.documents) {
  const rows = randomUnitRows(chunks.length, dim, gaussian);
  exact.addDocument(docId, chunks, rows);
  filtered.addDocument(docId, chunks, rows);
}
const queryVectors = BENCH_QUESTIONS.map(() => randomUnitRows(1, dim, gaussian));
const kbs = { exact, filtered };
const times = { exact: { total: [] as number[], bm25: [] as number[], dense: [] as number[] }, filtered: { total: [] as number[], bm25: [] as number[], dense: [] as number[] } };
let same = 0;
let all = 0;
for (let round = -1; round < rounds; round++) {
  BENCH_QUESTIONS.forEach((q, qi) => {
    const ids: Record<string, string[]> = {};
    for (const name of (qi + round) % 2 ? (['exact', 'filtered'] as const) : (['filtered', 'exact'] as const)) {
      const t = performance.now();
      const { ranked, trace } = kbs[name].rank(q, queryVectors[qi], { limit });
      const ms = performance.now() - t;
      ids[name] = ranked.map((r) => r.id);
      if (round < 0) continue;
      times[name].total.push(ms);
      times[name].bm25.push(trace.find((x) => x.stage === 'bm25')!.ms);
      times[name].dense.push(trace.find((x) => x.stage === 'dense')!.ms);
    }
    if (round < 0) {
      all += ids.exact.length;
      same += ids.exact.filter((id) => ids.filtered.includes(id)).length;
    }
  });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
console.log(`${n} chunks, ${dim}-d, ${BENCH_QUESTIONS.length} questions × ${rounds} rounds, limit ${limit}`);
for (const [name, t] of Object.entries(times)) console.log(`${name.padEnd(8)} total ${median(t.total)} ms  bm25 ${median(t.bm25)}  dense ${median(t.dense)} (medians)`);
console.log(`hybrid top ${limit}: ${same} of ${all} results the same chunks as with exact dense search`);
