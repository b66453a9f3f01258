/**
 * Retrieval evaluation on FinanceBench-format questions, over the same core code the app runs.
 *   npm run eval -- --questions <file.jsonl> --pdfs <dir> [--budget 4000] [--out report.json]
 *                   [--configs a,b] [--limit N] [--ids id1,id2] [--cache .cache/embeddings] [--weights 0.5,0.5]
 *                   [--docs <dir>] [--llm <model id> [--llm-native] [--models test/models/] [--answer-tokens N]]
 * Documents are <doc_name>.pdf under --pdfs, or <doc_name>.md/.txt/.html/.docx under --docs.
 * --llm runs the configs that need a language model (pipeline-llm: the whole question pipeline,
 * answer included) and adds their answers' attribution, averaged over questions, as a second
 * table; without it they are skipped. --answer-tokens: the answer's token limit (default 32 for
 * the tiny random-weight test model, else the app's).
 * To use several cores, run shards (each with its own cache folder) and merge their reports:
 *   npm run eval -- … --shard 0/2 --cache .cache/emb0 --out s0.json   (and 1/2 likewise)
 *   npm run eval -- --merge s0.json,s1.json [--out report.json]
 * --library puts every question's document into ONE knowledge base and asks each question of
 * it without naming its document, as a user with a library of filings would; the table adds the
 * share of retrieved characters from the right document.
 * --set '<json>' changes pipeline settings for every pipeline config, e.g. '{"threshold":{"relative":0.5}}'.
 * --ranks adds, for every plain top-k config, where the first chunk on an evidence page lies in
 * its full ranking (median rank, share within the top k, characters ranked above it).
 * The chunking lab (scripts/lab.ts) runs with --lab:
 *   npm run eval -- --lab --questions <file.jsonl> --pdfs <dir> [--budget 4000] [--out lab.json]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { EMBEDDER_OPTIONS, loadNodeEmbedder } from './embedder';
import { FsEmbeddingCacheStore } from '../src/adapters/fs-cache';
import { withCache } from '../src/core/embed';
import {
  evidencePages,
  parseQuestions,
  type BenchQuestion,
  evidenceRank,
  formatRankTable,
  type EvidenceRank,
  formatFateTable,
  type EvidenceFate,
  CONFIGS,
  evaluateQuestion,
  prepareDocument,
  prepareLibrary,
  type Prepared,
  rankedChunks,
  summarizeAll,
  summarizeAttributions,
  type EvaluatedQuestion,
  type EvalLlm,
  formatTable,
  markdownTable,
  summarize,
  type QuestionScores,
  graderQuality,
  keepAgreement,
  median,
  stageTable,
  type LlmRunStats,
  formatAttributionTable,
  type AttributionSummary,
  formatCorrectTable,
  leadTables,
  formatMissTable,
  type MissCause,
  type CorrectRow,
} from '../src/core/eval';
import { DEFAULT_PIPELINE } from '../src/core/settings';
import { DOCUMENT_OPTIONS, readDocument } from './documents';
import type { ParsedDocument } from '../src/core/types';
import { LLM_OPTIONS, loadLocalLlm, TINY_CAUSAL_LM_ID } from './llm';

if (process.argv.includes('--lab')) {
  await import('./lab');
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    questions: { type: 'string' },
    ...DOCUMENT_OPTIONS,
    ...LLM_OPTIONS,
    ...EMBEDDER_OPTIONS,
    'answer-tokens': { type: 'string' },
    budget: { type: 'string', default: '4000' },
    out: { type: 'string' },
    configs: { type: 'string' },
    limit: { type: 'string' },
    ids: { type: 'string' },
    cache: { type: 'string', default: '.cache/embeddings' },
    shard: { type: 'string' },
    weights: { type: 'string' },
    merge: { type: 'string' },
    ranks: { type: 'boolean' },
    library: { type: 'boolean' },
    set: { type: 'string' },
  },
});

if (values.merge) {
  await merge(values.merge.split(','), values.out);
  process.exit(0);
}

if (!values.questions || !(values.pdfs || values.docs)) {
  console.error('usage: npm run eval -- --questions <file.jsonl> --pdfs <dir> | --docs <dir> [--budget 4000] [--out report.json] [--configs a,b] [--limit N] [--llm <model id>]');
  process.exit(2);
}

const budget = Number(values.budget);
/** --weights 0.7,0.3 : BM25 and dense weights for the hybrid configs (default 0.5,0.5). */
const weights = values.weights ? (([bm25, dense]) => ({ bm25, dense }))(values.weights.split(',').map(Number)) : undefined;
const chosen = values.configs ? CONFIGS.filter((c) => values.configs!.split(',').includes(c.name)) : CONFIGS;
if (chosen.length === 0) throw new Error(`no such configs: ${values.configs}; known: ${CONFIGS.map((c) => c.name).join(', ')}`);
/** --set '{"threshold":{"relative":0.5}}' : pipeline settings changed for every pipeline config (an experiment). */
const overrides = values.set ? (JSON.parse(values.set) as Record<string, unknown>) : undefined;
const runnable = values.llm ? chosen : chosen.filter((c) => !c.llm);
const configs = runnable.map((c) => (overrides && c.pipeline ? { ...c, overrides } : c));
const skipped = chosen.filter((c) => !runnable.includes(c));
if (skipped.length) console.error(`skipping ${skipped.map((c) => c.name).join(', ')}: they need a language model (--llm <model id>)`);
if (configs.length === 0) process.exit(0);

let questions = parseQuestions(await readFile(values.questions, 'utf8'), values.questions);
if (values.limit) questions = questions.slice(0, Number(values.limit));
// --ids a,b: only these questions (to read how they went).
if (values.ids) questions = questions.filter((q) => values.ids!.split(',').includes(q.financebench_id));

const t0 = performance.now();
const cache = new FsEmbeddingCacheStore(values.cache!);
const base = await loadNodeEmbedder(values.embedder);
const embedder = withCache(base, cache);
let llm: EvalLlm | undefined;
if (values.llm && configs.some((c) => c.llm)) {
  const tl = performance.now();
  const maxAnswerTokens = Number(values['answer-tokens'] ?? (values.llm === TINY_CAUSAL_LM_ID ? 32 : DEFAULT_PIPELINE.maxAnswerTokens));
  llm = { engine: await loadLocalLlm(values.llm, values), embedder, maxAnswerTokens };
  console.error(
    `${values.llm}: loaded in ${((performance.now() - tl) / 1000).toFixed(1)} s, context ${llm.engine.info.contextWindow} tokens, answers up to ${maxAnswerTokens} tokens`,
  );
}

let byDoc = new Map<string, BenchQuestion[]>();
for (const q of questions) byDoc.set(q.doc_name, [...(byDoc.get(q.doc_name) ?? []), q]);
if (values.shard && values.library) throw new Error('--library asks every question of one shared knowledge base: run it without --shard');
if (values.shard) {
  const [k, n] = values.shard.split('/').map(Number);
  byDoc = new Map([...byDoc].filter((_, i) => i % n === k));
  questions = [...byDoc.values()].flat();
}

const scores = new Map<string, QuestionScores[]>();
const perQuestion: Array<{ id: string; doc: string; config: string; gold?: string } & EvaluatedQuestion> = [];
let done = 0;
let library: Prepared | undefined;
const parsedDocs = new Map<string, ParsedDocument>();
if (values.library) {
  const t = performance.now();
  for (const doc of byDoc.keys()) parsedDocs.set(doc, await readDocument(doc, values));
  library = await prepareLibrary(
    [...parsedDocs].map(([docName, parsed]) => ({ docName, parsed })),
    embedder,
    configs,
    (doc) => console.error(`  indexed ${doc}`),
  );
  console.error(`library: ${parsedDocs.size} documents in one knowledge base, ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
for (const [doc, qs] of byDoc) {
  const t = performance.now();
  const parsed = parsedDocs.get(doc) ?? (await readDocument(doc, values));
  const prepared = library ?? (await prepareDocument(doc, parsed, embedder, configs));
  const vectors = await embedder.embed(qs.map((q) => q.question));
  for (const [i, q] of qs.entries()) {
    for (const c of configs) {
      const s = await evaluateQuestion(c, prepared, parsed, q, vectors[i], budget, weights, llm);
      scores.set(c.name, [...(scores.get(c.name) ?? []), s]);
      const ranked = values.ranks ? rankedChunks(c, prepared, q.question, vectors[i], weights) : undefined;
      // An answered question keeps its gold answer beside the answer, to read how it was judged.
      const gold = s.answer !== undefined && q.answer !== undefined ? { gold: q.answer } : {};
      perQuestion.push({ id: q.financebench_id, doc, config: c.name, ...s, ...gold, ...(ranked ? { evidenceRank: evidenceRank(ranked, evidencePages(q)) } : {}) });
      if (c.llm) console.error(`  ${q.financebench_id} ${c.name}: ${((s.llmRun?.ms ?? 0) / 1000).toFixed(0)} s`);
      // Long LLM runs keep what they have measured: the rows so far, mergeable with --merge.
      if (values.out && c.llm) await writeFile(`${values.out}.partial`, JSON.stringify({ budget, embedder: base.id, llm: values.llm, perQuestion }, null, 2));
    }
  }
  done += qs.length;
  console.error(`${doc}: ${parsed.pages.length} pages, ${qs.length} questions, ${((performance.now() - t) / 1000).toFixed(1)} s (${done}/${questions.length})`);
}

const summary = summarizeAll(configs, scores);
console.log(`\nBudget ${budget} characters, ${questions.length} questions, ${byDoc.size} documents${library ? ' in one library' : ''}, embedder ${base.id}\n`);
console.log(formatTable(summary));
printCorrect(perQuestion);
console.log(leadTables(perQuestion));
const attribution = summarizeAttributions(perQuestion);
printAttribution(attribution, values.llm);
printLlm(perQuestion);
printRanks(perQuestion);
printFates(perQuestion);
const stats = (embedder as { stats?: unknown }).stats;
console.error(`\n${((performance.now() - t0) / 1000).toFixed(1)} s total; embedding cache ${JSON.stringify(stats)}`);
if (values.out) {
  await mkdir(dirname(values.out), { recursive: true });
  await writeFile(values.out, JSON.stringify({ budget, embedder: base.id, ...(llm ? { llm: values.llm } : {}), configs: summary, attribution, perQuestion }, null, 2));
  console.error(`wrote ${values.out}`);
}
llm?.engine.dispose();
await cache.close?.();

/** answerCorrect per config by answer kind and FinanceBench question type, when any config answered. */
function printCorrect(rows: CorrectRow[]) {
  const table = formatCorrectTable(rows);
  if (table) console.log(`\nanswerCorrect by the gold answer's kind and by question type (share right, right/judged)\n\n${table}`);
  const misses = rows as Array<CorrectRow & { missCause?: MissCause }>;
  if (misses.some((r) => r.missCause)) console.log(`\nMeasured cause of each wrong answer (questions)\n\n${formatMissTable(misses)}`);
}

/** The attribution table, when any config measured it (figure means over questions with a value; their count in brackets). */
function printAttribution(rows: AttributionSummary[], model?: string) {
  if (rows.length === 0) return;
  console.log(`\nAnswer attribution${model ? ` (${model})` : ''}: means over questions with a value (count in brackets)\n`);
  console.log(formatAttributionTable(rows));
}

/** Stage costs, grader quality and scoring-mode agreement of the configs that ran a language model. */
function printLlm(rows: Array<{ config: string; id: string } & EvaluatedQuestion>) {
  const byConfig = new Map<string, Array<{ id: string; run: LlmRunStats }>>();
  for (const r of rows) if (r.llmRun) byConfig.set(r.config, [...(byConfig.get(r.config) ?? []), { id: r.id, run: r.llmRun }]);
  if (byConfig.size === 0) return;
  for (const [config, runs] of byConfig) {
    const stats = runs.map((r) => r.run);
    console.log(`\n${config}: ${runs.length} questions, median ${(median(stats.map((s) => s.ms)) / 1000).toFixed(1)} s per question\n`);
    const stages = stageTable(stats);
    console.log(
      markdownTable(
        ['stage', 'median ms', 'calls', 'prompt tokens', 'generated tokens', 'tokens/s'],
        stages.map((s) => {
          const perSec = s.medianMs > 0 ? ((s.stage === 'answer' || s.stage === 'rewrite' ? s.generatedTokens : s.promptTokens) / (s.medianMs / 1000)).toFixed(0) : '';
          return [s.stage, s.medianMs.toFixed(0), s.calls.toFixed(1), s.promptTokens.toFixed(0), s.generatedTokens.toFixed(0), perSec];
        }),
      ),
    );
    const q = graderQuality(stats.flatMap((s) => s.candidates));
    const f = (x?: number) => (x === undefined ? '—' : x.toFixed(3));
    console.log(
      `\nGrader ROC AUC for "on an evidence page" (${q.candidates} candidates, ${q.positives} on evidence pages): retrieval score ${f(q.aucRetrieval)}, base grade ${f(q.aucBase)}, final grade ${f(q.aucFinal)}`,
    );
  }
  const a = byConfig.get('pipeline-llm');
  const b = byConfig.get('pipeline-llm-generate');
  if (a && b) {
    const ids = a.map((r) => r.id).filter((id) => b.some((x) => x.id === id));
    const pick = (xs: typeof a) => ids.map((id) => xs.find((x) => x.id === id)!.run);
    const agree = keepAgreement(pick(a), pick(b));
    const tokens = (xs: LlmRunStats[]) => xs.reduce((s, r) => s + (r.stages.find((x) => x.stage === 'grade')?.generatedTokens ?? 0), 0) / Math.max(1, xs.length);
    console.log(
      `\nlogprob vs generate scoring: keep decisions agree on ${agree.agree} of ${agree.compared} candidates (${agree.share === undefined ? '—' : (100 * agree.share).toFixed(0)}%); grading generates ${tokens(pick(a)).toFixed(0)} vs ${tokens(pick(b)).toFixed(0)} tokens per question`,
    );
  }
}

/** What the question pipeline did with the evidence, per pipeline config. */
function printFates(rows: Array<{ config: string; fate?: EvidenceFate }>) {
  const table = formatFateTable(rows);
  if (table) console.log(`\nWhat the pipeline did with the evidence (questions per outcome; full rank: in the document's whole hybrid ranking)\n\n${table}`);
}

/** The evidence-rank table, when --ranks measured it. */
function printRanks(rows: Array<{ config: string; evidenceRank?: EvidenceRank }>) {
  const table = formatRankTable(rows);
  if (table) console.log(`\nFirst chunk on an evidence page in each config's full ranking\n\n${table}`);
}

type Row = { config: string; id: string; evidenceRank?: EvidenceRank } & EvaluatedQuestion;

/** Combines shard reports: every question's scores, re-averaged per config. */
async function merge(files: string[], out?: string) {
  const reports = await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as { budget: number; embedder: string; llm?: string; perQuestion: Row[] }));
  const rows = reports.flatMap((r) => r.perQuestion);
  const names = [...new Set(rows.map((r) => r.config))];
  const summary = names.map((name) =>
    summarize(
      name,
      rows.filter((r) => r.config === name),
    ),
  );
  console.log(`\nBudget ${reports[0].budget} characters, ${summary[0]?.questions ?? 0} questions, embedder ${reports[0].embedder}\n`);
  console.log(formatTable(summary));
  printCorrect(rows);
  const attribution = summarizeAttributions(rows);
  const llmId = reports.find((r) => r.llm)?.llm;
  printAttribution(attribution, llmId);
  printLlm(rows);
  printRanks(rows);
  printFates(rows);
  if (out)
    await writeFile(
      out,
      JSON.stringify({ budget: reports[0].budget, embedder: reports[0].embedder, ...(llmId ? { llm: llmId } : {}), configs: summary, attribution, perQuestion: rows }, null, 2),
    );
}
