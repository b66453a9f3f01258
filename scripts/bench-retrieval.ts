/**
 * End-to-end hybrid retrieval over N synthetic filing chunks (default 100,000), timing
 * KnowledgeBase.search as the app runs it: BM25 over chunk text + header, exact dense top-k,
 * fusion. Words follow a Zipf-like law (scripts/synthetic-filings.ts), so long questions full of
 * common filing words are the worst case for OR-BM25.
 *   npm run bench:retrieval -- [--n 100000] [--dim 384|512] [--limit 20] [--rounds 3] [--mode hybrid]
 * Every question runs once untimed (warm-up), then `rounds` times timed.
 */
import { parseArgs } from 'node:util';
import { KnowledgeBase, type RetrievalMode } from '../src/core/kb';
import { withHeader } from '../src/core/chunk';
import { BENCH_QUESTIONS, lcg, randomUnitRows, syntheticFilings } from './synthetic-filings';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    dim: { type: 'string', default: '384' },
    limit: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    mode: { type: 'string', default: 'hybrid' },
    questions: { type: 'string' },
  },
});
const n = Number(values.n);
const dim = Number(values.dim);
const limit = Number(values.limit);
const rounds = Number(values.rounds);
const mode = values.mode as RetrievalMode;
const questions = BENCH_QUESTIONS.slice(0, values.questions ? Number(values.questions) : undefined);

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const gaussian = lcg(99);
const unitRows = (rows: number) => randomUnitRows(rows, dim, gaussian);

let t = performance.now();
const corpus = syntheticFilings(n);
const generateMs = performance.now() - t;

// Share of chunks (text + header) containing a few common words, to show how skewed the corpus is.
const probe = ['company', 'million', 'revenue', '2022', 'capital', 'expenditure'];
const df = new Map(probe.map((w) => [w, 0]));
for (const { chunks } of corpus.documents) {
  for (const c of chunks) {
    const words = new Set(
      withHeader(c)
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u),
    );
    for (const w of probe) if (words.has(w)) df.set(w, df.get(w)! + 1);
  }
}

const heapBefore = process.memoryUsage();
t = performance.now();
const kb = new KnowledgeBase(dim);
for (const { docId, chunks } of corpus.documents) kb.addDocument(docId, chunks, unitRows(chunks.length));
const buildMs = performance.now() - t;
const memory = process.memoryUsage();

const totals: number[] = [];
const parts: Record<string, number[]> = { bm25: [], dense: [], fusion: [] };
const perQuestion = questions.map(() => [] as number[]);
const queryVectors = questions.map(() => unitRows(1));
let bm25Hits = 0;
for (let round = -1; round < rounds; round++) {
  questions.forEach((q, qi) => {
    const start = performance.now();
    const { trace } = kb.search(q, queryVectors[qi], { mode, limit });
    const ms = performance.now() - start;
    if (round < 0) return; // warm-up
    totals.push(ms);
    perQuestion[qi].push(ms);
    for (const tr of trace) parts[tr.stage]?.push(tr.ms);
    bm25Hits = Math.max(bm25Hits, Number(trace.find((x) => x.stage === 'bm25')?.detail?.hits ?? 0));
  });
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const r1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
const stats = (xs: number[]) => `median ${r1(pct(xs, 0.5))}  p90 ${r1(pct(xs, 0.9))}  max ${r1(Math.max(...xs))}`;

console.log(
  `chunks ${n} in ${corpus.documents.length} documents, ${dim}-d vectors, mode ${mode}, limit ${limit}, ${questions.length} questions × ${rounds} rounds (after 1 warm-up round)`,
);
console.log(`share of chunks containing: ${probe.map((w) => `${w} ${((100 * df.get(w)!) / n).toFixed(0)}%`).join(', ')}`);
console.log(`generate ${(generateMs / 1000).toFixed(1)} s, build ${(buildMs / 1000).toFixed(1)} s`);
console.log(
  `memory: heapUsed ${mb(memory.heapUsed)} MB (+${mb(memory.heapUsed - heapBefore.heapUsed)} for the KB), vectors ${mb(kb.vectors.bytes)} MB (${kb.vectors.simd ? 'WebAssembly SIMD' : 'plain JS'}), rss ${mb(memory.rss)} MB`,
);
console.log(`per query (ms)  total: ${stats(totals)}`);
for (const [stage, xs] of Object.entries(parts)) if (xs.length) console.log(`  ${stage.padEnd(7)} ${stats(xs)}`);
console.log(`most BM25 hits for one query: ${bm25Hits}`);
console.log('per question (median ms):');
questions.forEach((q, qi) => console.log(`  ${r1(pct(perQuestion[qi], 0.5)).padStart(6)}  ${q.slice(0, 90)}`));
