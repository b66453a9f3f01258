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
import { figuring } from './stages/figuring';
import { comparing } from './stages/comparing';
import { lookingUp } from './stages/looking-up';
import { reading } from './stages/reading';
import { listing } from './stages/listing';
import { choosing, sentenceChoosing } from './stages/choosing';
import { intentOf } from '../intent';
import { attributing } from './stages/attributing';
import { declining } from './stages/declining';
import { leading, type Findings } from './stages/leading';

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
 * order → relevant segments → findings (decline, compare, figure, read) → what leads → grounded
 * answer → attribution. Each stage lives in stages/ and
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
  const passages: AskContext = settings.modelChoosesPassages || ctx.judging !== 'off' ? ctx : { ...ctx, engine: undefined };
  const onlyReads = engine && passages.engine === undefined;
  const query = await run('rewrite', () =>
    onlyReads ? Promise.resolve({ value: question, detail: { skipped: 'the language model does not choose the passages' } }) : rewriting(passages),
  );
  const { scope, routed } = await run('route', () => routing(ctx, options.docIds));
  const rows = await run('retrieve', () => retrieval(ctx, query, scope));
  rowsChanged();
  const unique = await run('dedupe', () => deduplication(ctx, rows));
  rowsChanged();
  const judgeInstead = passages.judging === 'primary' || passages.judging === 'refine';
  if (judgeInstead) await run('judge', () => judging(passages, unique, passages.judging as 'primary' | 'refine'));
  await run('grade', () => (judgeInstead ? Promise.resolve({ value: undefined, detail: { skipped: 'the LLM retriever judged the candidates' } }) : grading(passages, unique)));
  rowsChanged();
  const threshold = await run('threshold', () => thresholding(passages, unique));
  rowsChanged();
  if (passages.judging === 'fallback' && !unique.some((r) => r.verdict === 'kept')) {
    await judgeEveryChunk(passages, run, rows, unique, scope);
    rowsChanged();
  }
  const context = await run('rerank', () => reranking(passages, unique));
  rowsChanged();
  const found = settings.segments.enabled && deps.chunksOf ? await run('segments', () => segmenting(ctx, rows)) : undefined;
  if (found) {
    ctx.emit({ kind: 'segments', segments: found.segments, values: found.values });
    rowsChanged();
  }
  const sources = answerSources(context, rows, found?.segments);
  const findingsOf = await findings(ctx, run, rows, sources, scope, routed);
  const { comparison, figure, read } = findingsOf;
  if (comparison || figure?.answer) rowsChanged();
  const answerCtx = await choose(ctx, run, findingsOf, sources);
  const lead = await run('lead', async () => leading(ctx, findingsOf, sources, deps.leadKinds));
  const declined = lead.declined;
  const answer = await run('answer', () => answering(answerCtx, sources, lead));
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
    lead: { kind: lead.kind, states: lead.states, ...(lead.found ? { found: lead.found } : {}), ...(lead.caution ? { caution: lead.caution } : {}) },
    stages,
    usage: stages.reduce((u, s) => addUsage(u, s.usage), NO_USAGE),
    problems: ctx.problems,
  };
}

/**
 * 6. Sieve's own findings before the answer: a decline (core/decline) if the documents cannot
 * answer, else the stages the question's intent names (core/intent), tried in order until one
 * answers. What leads is decided after, in one place (stages/leading).
 */
async function findings(
  ctx: AskContext,
  run: RunStage,
  rows: CandidateRow[],
  sources: ReturnType<typeof answerSources>,
  scope: ReadonlySet<string> | undefined,
  routed: AskResult['routed'],
): Promise<Findings> {
  const { question } = ctx;
  // A name no document is about, or a year none reports: said first, and no answering stage runs.
  const declined = await run('decline', () => declining(ctx, rows, sources, scope, routed));
  const intent = intentOf(question);
  const found: Findings = { intent, ...(declined ? { declined } : {}) };
  for (const stage of declined ? [] : intent.stages) {
    if (stage === 'compare' && intent.compare) found.comparison = await run('compare', () => comparing(ctx, intent.compare!, rows, sources, scope));
    if (stage === 'entry') found.entry = await run('entry', () => lookingUp(ctx, rows, sources, scope));
    if (stage === 'figure') found.figure = await run('figure', () => figuring(ctx, rows, sources, scope, { verdict: intent.kind === 'verdict' }));
    if (stage === 'read') found.read = await run('read', () => reading(ctx, intent, sources));
    if (stage === 'list') found.list = await run('list', () => listing(ctx, rows, sources, scope));
    if (found.comparison?.answer || found.entry?.answer || found.figure?.answer || found.read?.answer || found.list?.answer) break;
  }
  return found;
}

/**
 * 6b. A yes/no question no figure settles, with a language model: the model chooses Yes, No or
 * Unknown (the leading stage weighs it). Sieve's own answer is streamed first, as without a
 * model; the answer that follows (led by the model's verdict where it holds) replaces it when the
 * question is done, so the answer stage's context streams nothing more.
 */
async function choose(ctx: AskContext, run: RunStage, found: Findings, sources: ReturnType<typeof answerSources>): Promise<AskContext> {
  const { engine, settings } = ctx;
  if (!engine || found.declined || sources.length === 0) return ctx;
  const plain: AskContext = { ...ctx, engine: undefined };
  const early = leading(plain, found, sources, ctx.deps.leadKinds).value;
  // A comparison or a figure that leads is not overruled: the model is asked only where a sentence or nothing would lead.
  const open = early.kind === 'verdict from a sentence' || early.kind === 'passages';
  const verdict = open && found.intent.kind === 'verdict' && settings.modelVerdicts.enabled;
  // Nothing found: the model may pick the sentence the quoted answer opens with.
  const sentence = !verdict && settings.modelSentence.enabled && early.kind === 'passages' && !early.answer && !early.figure;
  if (!verdict && !sentence) return ctx;
  // Sieve's own answer first, except where the model writes a long answer (it streams its own).
  const streamsOwn = settings.llmAnswer !== 'writer';
  if (streamsOwn) await answering(plain, sources, early);
  if (verdict) found.chosen = await run('choose', () => choosing(ctx, sources));
  else found.sentence = await run('pick', () => sentenceChoosing(ctx, sources));
  return streamsOwn ? { ...ctx, emit: (e) => e.kind !== 'token' && ctx.emit(e) } : ctx;
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
