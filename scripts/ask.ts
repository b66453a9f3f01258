/**
 * Runs the question pipeline from the command line over one PDF, with the same core code as
 * the app, and prints every stage's time and LLM use, every candidate's verdict, and the answer.
 *
 *   npm run ask -- --pdf <file.pdf> --question "…" [--llm <model id>|none] [--embedder <id>]
 *                  [--mode logprob|generate|both] [--cache .cache/embeddings]
 *   npm run ask -- --questions <financebench.jsonl> --pdfs <dir> --id <financebench_id> …
 *
 * --llm names a model fetched by `npm run models` (a GGUF runs in llama.cpp in Chromium) or a
 * test model (default: the tiny random-weight one, whose output is noise: use it for call and
 * token counts only); see scripts/llm.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EMBEDDER_OPTIONS } from './embedder';
import { LLM_OPTIONS, loadLocalLlm, TINY_CAUSAL_LM_ID } from './llm';
import { prepareFiling } from './bench-llm/question';
import { DEFAULT_PIPELINE, type ScoringMode } from '../src/core/settings';
import { parseQuestions } from '../src/core/eval';
import { ask, knowledgeBaseDeps, type AskResult } from '../src/core/pipeline';

const { values } = parseArgs({
  options: {
    pdf: { type: 'string' },
    question: { type: 'string' },
    questions: { type: 'string' },
    pdfs: { type: 'string' },
    id: { type: 'string' },
    ...LLM_OPTIONS,
    ...EMBEDDER_OPTIONS,
    llm: { type: 'string', default: TINY_CAUSAL_LM_ID },
    mode: { type: 'string', default: 'both' },
    cache: { type: 'string', default: '.cache/embeddings' },
  },
});

let pdf = values.pdf;
let question = values.question;
if (values.questions && values.id) {
  const q = parseQuestions(await readFile(values.questions, 'utf8'), values.questions).find((x) => x.financebench_id === values.id);
  if (!q) throw new Error(`no question ${values.id} in ${values.questions}`);
  question = q.question;
  pdf = join(values.pdfs ?? '.', `${q.doc_name}.pdf`);
}
if (!pdf || !question) {
  console.error('usage: npm run ask -- --pdf <file.pdf> --question "…" [--llm <id>|none] [--mode logprob|generate|both]');
  process.exit(2);
}

const { kb, embedder, built } = await prepareFiling(pdf, values.cache, values.embedder);
const engine = values.llm === 'none' ? undefined : await loadLocalLlm(values.llm!, values);

const modes: ScoringMode[] = values.mode === 'both' ? ['generate', 'logprob'] : [values.mode as ScoringMode];
const results: Array<[ScoringMode, AskResult]> = [];
for (const mode of modes) {
  const r = await ask(
    question,
    { ...DEFAULT_PIPELINE, grading: { ...DEFAULT_PIPELINE.grading, mode } },
    {
      ...knowledgeBaseDeps(kb),
      embedQuery: async (t) => (await embedder.embed([t]))[0],
      titleOf: () => built.card.title,
      tablesOf: () => built.tables.tables,
      engine,
    },
  );
  results.push([mode, r]);
  print(mode, r);
}
if (results.length === 2) {
  console.log('\nLLM use per question (grading stage / whole pipeline):');
  for (const [mode, r] of results) {
    const g = r.stages.find((s) => s.stage === 'grade')!.usage;
    console.log(
      `  ${mode.padEnd(8)} grading: ${g.calls} calls, ${g.generatedTokens} generated tokens, ${g.promptTokens} prompt tokens | total: ${r.usage.calls} calls, ${r.usage.generatedTokens} generated, ${r.usage.promptTokens} prompt`,
    );
  }
  const [gen, lp] = results.map(([, r]) => r.stages.find((s) => s.stage === 'grade')!.usage.generatedTokens);
  console.log(`  generate / logprob generated tokens in grading: ${(gen / Math.max(1, lp)).toFixed(1)}×`);
}
engine?.dispose();

function print(mode: string, r: AskResult) {
  console.log(`\n== ${r.mode}${r.model ? ` (${r.model}, grading: ${mode})` : ''}\nQuestion: ${r.question}\nQuery: ${r.query}`);
  console.log('\nstage       ms      calls  prompt  generated');
  for (const s of r.stages)
    console.log(
      `${s.stage.padEnd(10)} ${s.ms.toFixed(0).padStart(7)} ${String(s.usage.calls).padStart(6)} ${String(s.usage.promptTokens).padStart(7)} ${String(s.usage.generatedTokens).padStart(10)}  ${JSON.stringify(s.detail)}`,
    );
  console.log(`\nthreshold ${r.threshold?.threshold.toFixed(3)} (${r.threshold?.rule}); candidates:`);
  for (const row of r.rows) {
    console.log(
      `  #${String(row.rank).padStart(2)} p${row.chunk.pageStart} hybrid ${row.hybrid.toFixed(2)} final ${row.final?.toFixed(2) ?? '  - '} ${row.verdict?.padEnd(15)} ${row.reason ?? ''} | ${row.chunk.text.slice(0, 70).replace(/\s+/g, ' ')}`,
    );
  }
  console.log(`\nAnswer: ${r.answer.text.slice(0, 600)}`);
  if (r.problems.length) console.log(`Problems (${r.problems.length}): ${r.problems.slice(0, 3).join(' | ')}`);
}
