import type { PipelineSettings } from '../settings';
import type { AskEvent, AskResult, CandidateRow } from './types';
import { addUsage, NO_USAGE } from './usage';
import { rowReporter } from './row-changes';
import { stageRunner, type AskContext, type AskDeps, type RunStage } from './stages/context';
import { rewriting, routing } from './stages/rewriting';
import { everyChunk, retrieval } from './stages/retrieval';
import { deduplication } from './stages/deduplication';
import { judging } from './stages/judging';
import { grading } from './stages/grading';
import { thresholding } from './stages/thresholding';
import { reranking } from './stages/reranking';
import { answerSources, segmenting } from './stages/segmenting';
import { answering } from './stages/answering';
import { figuring, type FigureResult } from './stages/figuring';
import { comparing, type ComparisonResult } from './stages/comparing';
import { reading, type ReadingResult } from './stages/reading';
import { intentOf } from '../intent';
import { attributing } from './stages/attributing';
import { declining, notPrinted, nothingStated } from './stages/declining';

export type { AskDeps, Reranker } from './stages/context';
export { NOT_FOUND } from './stages/answering';

interface AskOptions {
  signal?: AbortSignal;
  onEvent?: (e: AskEvent) => void;
  docIds?: ReadonlySet<string>;
}

/**
 * The ChunkRAG question pipeline: rewrite → route → hybrid retrieval → redundancy filter →
 * graded relevance (LLM, or retrieval scores without one) → dynamic threshold → rerank and
 * order → relevant segments → grounded answer → attribution. Each stage lives in stages/ and
 * reports its time and LLM use; every candidate stays in the result with the verdict and
 * reason of the stage that decided about it.
 */
export async function ask(question: string, settings: PipelineSettings, deps: AskDeps, options: AskOptions = {}): Promise<AskResult> {
  const engine = deps.engine;
  const ctx: AskContext = {
    question,
    settings,
    deps,
    engine,
    judging: engine ? settings.llmRetriever.use : 'off',
    signal: options.signal,
    emit: options.onEvent ?? (() => {}),
    problems: [],
  };
  const stages: AskResult['stages'] = [];
  const run = stageRunner(ctx, stages);
  const report = rowReporter();
  const rowsChanged = () => ctx.emit({ kind: 'rows', update: report(rows) });

  // The stages that choose the passages run without the model when it only reads them (the LLM retriever, asked for, chooses).
  const choosing: AskContext = settings.modelChoosesPassages || ctx.judging !== 'off' ? ctx : { ...ctx, engine: undefined };
  const onlyReads = engine && choosing.engine === undefined;
  const query = await run('rewrite', () =>
    onlyReads ? Promise.resolve({ value: question, detail: { skipped: 'the language model only reads the passages' } }) : rewriting(choosing),
  );
  const { scope, routed } = await run('route', () => routing(ctx, options.docIds));
  const rows = await run('retrieve', () => retrieval(ctx, query, scope));
  rowsChanged();
  const unique = await run('dedupe', () => deduplication(ctx, rows));
  rowsChanged();
  const judgeInstead = choosing.judging === 'primary' || choosing.judging === 'refine';
  if (judgeInstead) await run('judge', () => judging(choosing, unique, choosing.judging as 'primary' | 'refine'));
  await run('grade', () => (judgeInstead ? Promise.resolve({ value: undefined, detail: { skipped: 'the LLM retriever judged the candidates' } }) : grading(choosing, unique)));
  rowsChanged();
  const threshold = await run('threshold', () => thresholding(choosing, unique));
  rowsChanged();
  if (choosing.judging === 'fallback' && !unique.some((r) => r.verdict === 'kept')) {
    await judgeEveryChunk(choosing, run, rows, unique, scope);
    rowsChanged();
  }
  const context = await run('rerank', () => reranking(choosing, unique));
  rowsChanged();
  const found = settings.segments.enabled && deps.chunksOf ? await run('segments', () => segmenting(ctx, rows)) : undefined;
  if (found) {
    ctx.emit({ kind: 'segments', segments: found.segments, values: found.values });
    rowsChanged();
  }
  const sources = answerSources(context, rows, found?.segments);
  const { declined, comparison, figure, read, finding } = await findings(ctx, run, rows, sources, scope, routed);
  if (comparison || figure?.answer) rowsChanged();
  const answer = await run('answer', () => answering(ctx, sources, finding));
  const attribution = deps.embedder && !answer.notFound && sources.length > 0 ? await run('attribution', () => attributing(ctx, answer, sources)) : undefined;

  return {
    question,
    query,
    routed,
    attribution,
    mode: engine ? 'llm' : 'retrieval-only',
    model: engine?.info.model,
    rows,
    threshold,
    segments: found?.segments,
    segmentValues: found?.values,
    answer,
    ...(declined ? { declined } : {}),
    ...(figure ? { figure } : {}),
    ...(comparison ? { comparison } : {}),
    ...(read ? { read } : {}),
    stages,
    usage: stages.reduce((u, s) => addUsage(u, s.usage), NO_USAGE),
    problems: ctx.problems,
  };
}

/**
 * 6. Sieve's own findings before the answer: a decline (core/decline) if the documents cannot
 * answer, else the stages the question's intent names (core/intent), tried in order until one
 * answers; then, for a fact nothing answered and no passage covers, "nothing states this".
 */
async function findings(
  ctx: AskContext,
  run: RunStage,
  rows: CandidateRow[],
  sources: ReturnType<typeof answerSources>,
  scope: ReadonlySet<string> | undefined,
  routed: AskResult['routed'],
) {
  const { question } = ctx;
  // A name no document is about, or a year none reports: said first, and no answering stage runs.
  let declined = await run('decline', () => declining(ctx, rows, sources, scope, routed));
  const intent = intentOf(question);
  let comparison: ComparisonResult | undefined;
  let figure: FigureResult | undefined;
  let read: ReadingResult | undefined;
  for (const stage of declined ? [] : intent.stages) {
    if (stage === 'compare' && intent.compare) comparison = await run('compare', () => comparing(ctx, intent.compare!, rows, sources, scope));
    if (stage === 'figure') figure = await run('figure', () => figuring(ctx, rows, sources, scope, { verdict: intent.kind === 'verdict' }));
    if (stage === 'read') read = await run('read', () => reading(ctx, intent, sources));
    if (comparison?.answer || figure?.answer || read?.answer) break;
  }
  // A fact nothing answered and no passage covers enough of, or anything asked that the documents never print: "nothing states this" (a yes/no question says "cannot judge" itself,
  // a figure that could not be computed says which rows were missing, and a list or a reason is left to the quoted passages).
  // A line item or a table cell looked up by the question's words that held no value is no figure either.
  const noFigure = !figure || (figure.figure.value === undefined && (figure.figure.asked.from === 'table cell' || figure.figure.asked.from === 'line item'));
  if (!declined && !comparison?.answer && noFigure && !read?.answer)
    declined = intent.kind === 'fact' ? nothingStated(ctx, sources) : intent.kind === 'passages' ? notPrinted(ctx, sources) : undefined;
  const finding = declined ? { answer: declined.text, declined: true } : comparison?.answer ? comparison : figure?.answer ? figure : (read ?? figure);
  return { declined, comparison, figure, read, finding };
}

/** 5b. The LLM retriever as a fallback: nothing cleared the floor, so the LLM reads every chunk but the duplicates. */
async function judgeEveryChunk(ctx: AskContext, run: RunStage, rows: CandidateRow[], unique: CandidateRow[], scope: ReadonlySet<string> | undefined): Promise<void> {
  const known = new Set(rows.map((r) => r.chunk.id));
  const fresh = everyChunk([], ctx.deps, scope).filter((r) => !known.has(r.chunk.id));
  fresh.forEach((r, i) => (r.rank = rows.length + i + 1));
  rows.push(...fresh);
  unique.push(...fresh);
  await run('judge', () => judging(ctx, unique, 'fallback'));
  for (const r of unique) {
    r.verdict = r.judged?.relevant ? 'kept' : 'below-threshold';
    r.reason = `fallback: the LLM judged it ${r.judged?.relevant ? 'relevant' : 'not relevant'} (${(r.final ?? 0).toFixed(2)})`;
  }
}
