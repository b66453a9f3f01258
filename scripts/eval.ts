/**
 * Retrieval evaluation on FinanceBench-format questions, over the same core code the app runs.
 *   npm run eval -- --questions <file.jsonl> --pdfs <dir> [--budget 4000] [--out report.json]
 *                   [--configs a,b] [--limit N] [--cache .cache/embeddings] [--weights 0.5,0.5]
 * To use several cores, run shards (each with its own cache folder) and merge their reports:
 *   npm run eval -- … --shard 0/2 --cache .cache/emb0 --out s0.json   (and 1/2 likewise)
 *   npm run eval -- --merge s0.json,s1.json [--out report.json]
 * The chunking lab (scripts/lab.ts) runs with --lab:
 *   npm run eval -- --lab --questions <file.jsonl> --pdfs <dir> [--budget 4000] [--out lab.json]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parsePdf } from '../src/adapters/pdf/node';
import { loadUseLiteNode } from '../src/adapters/use-lite/node';
import { FsEmbeddingCacheStore } from '../src/adapters/fs-cache';
import { withCache } from '../src/core/embed/cache';
import { parseQuestions, type BenchQuestion } from '../src/core/eval/financebench';
import { CONFIGS, evaluateQuestion, prepareDocument, summarizeAll } from '../src/core/eval/run';
import { formatTable, summarize, type QuestionScores } from '../src/core/eval/metrics';

if (process.argv.includes('--lab')) {
  await import('./lab');
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    questions: { type: 'string' },
    pdfs: { type: 'string' },
    budget: { type: 'string', default: '4000' },
    out: { type: 'string' },
    configs: { type: 'string' },
    limit: { type: 'string' },
    cache: { type: 'string', default: '.cache/embeddings' },
    shard: { type: 'string' },
    weights: { type: 'string' },
    merge: { type: 'string' },
  },
});

if (values.merge) {
  await merge(values.merge.split(','), values.out);
  process.exit(0);
}

if (!values.questions || !values.pdfs) {
  console.error('usage: npm run eval -- --questions <file.jsonl> --pdfs <dir> [--budget 4000] [--out report.json] [--configs a,b] [--limit N]');
  process.exit(2);
}

const budget = Number(values.budget);
/** --weights 0.7,0.3 : BM25 and dense weights for the hybrid configs (default 0.5,0.5). */
const weights = values.weights ? (([bm25, dense]) => ({ bm25, dense }))(values.weights.split(',').map(Number)) : undefined;
const configs = values.configs ? CONFIGS.filter((c) => values.configs!.split(',').includes(c.name)) : CONFIGS;
if (configs.length === 0) throw new Error(`no such configs: ${values.configs}; known: ${CONFIGS.map((c) => c.name).join(', ')}`);

let questions = parseQuestions(await readFile(values.questions, 'utf8'), values.questions);
if (values.limit) questions = questions.slice(0, Number(values.limit));

const t0 = performance.now();
const cache = new FsEmbeddingCacheStore(values.cache!);
const base = await loadUseLiteNode();
const embedder = withCache(base, cache);

let byDoc = new Map<string, BenchQuestion[]>();
for (const q of questions) byDoc.set(q.doc_name, [...(byDoc.get(q.doc_name) ?? []), q]);
if (values.shard) {
  const [k, n] = values.shard.split('/').map(Number);
  byDoc = new Map([...byDoc].filter((_, i) => i % n === k));
  questions = [...byDoc.values()].flat();
}

const scores = new Map<string, QuestionScores[]>();
const perQuestion: Array<{ id: string; doc: string; config: string } & QuestionScores> = [];
let done = 0;
for (const [doc, qs] of byDoc) {
  const t = performance.now();
  const bytes = new Uint8Array(await readFile(join(values.pdfs, `${doc}.pdf`)));
  const parsed = await parsePdf(bytes, `${doc}.pdf`);
  const prepared = await prepareDocument(doc, parsed, embedder, configs);
  const vectors = await embedder.embed(qs.map((q) => q.question));
  for (const [i, q] of qs.entries()) {
    for (const c of configs) {
      const s = await evaluateQuestion(c, prepared, parsed, q, vectors[i], budget, weights);
      scores.set(c.name, [...(scores.get(c.name) ?? []), s]);
      perQuestion.push({ id: q.financebench_id, doc, config: c.name, ...s });
    }
  }
  done += qs.length;
  console.error(`${doc}: ${parsed.pages.length} pages, ${qs.length} questions, ${((performance.now() - t) / 1000).toFixed(1)} s (${done}/${questions.length})`);
}

const summary = summarizeAll(configs, scores);
console.log(`\nBudget ${budget} characters, ${questions.length} questions, ${byDoc.size} documents, embedder ${base.id}\n`);
console.log(formatTable(summary));
const stats = (embedder as { stats?: unknown }).stats;
console.error(`\n${((performance.now() - t0) / 1000).toFixed(1)} s total; embedding cache ${JSON.stringify(stats)}`);
if (values.out) {
  await writeFile(values.out, JSON.stringify({ budget, embedder: base.id, configs: summary, perQuestion }, null, 2));
  console.error(`wrote ${values.out}`);
}
await cache.close?.();

type Row = { config: string } & QuestionScores;

/** Combines shard reports: every question's scores, re-averaged per config. */
async function merge(files: string[], out?: string) {
  const reports = await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as { budget: number; embedder: string; perQuestion: Row[] }));
  const rows = reports.flatMap((r) => r.perQuestion);
  const names = [...new Set(rows.map((r) => r.config))];
  const summary = names.map((name) => summarize(name, rows.filter((r) => r.config === name)));
  console.log(`\nBudget ${reports[0].budget} characters, ${summary[0]?.questions ?? 0} questions, embedder ${reports[0].embedder}\n`);
  console.log(formatTable(summary));
  if (out) await writeFile(out, JSON.stringify({ budget: reports[0].budget, embedder: reports[0].embedder, configs: summary, perQuestion: rows }, null, 2));
}
