import type { Candidate, SearchOptions } from '../kb/knowledge-base';
import type { LlmEngine } from '../llm/engine';
import { withinBudget } from '../search/budget';
import { withHeader } from '../chunk/header';
import { generateAnswer, relevanceLabel, sourceLabel } from './answer';
import { findCitations } from './citations';
import { critic } from './critic';
import { extractiveAnswer } from './extractive';
import { gradeChunks } from './grade';
import { endsFirst } from './order';
import { parseScore } from './parse-score';
import { thresholdPrompt } from './prompts';
import { filterRedundant } from './redundancy';
import { rewriteQuery } from './rewrite';
import type { PipelineSettings } from './settings';
import { dynamicThreshold, type ThresholdResult } from './threshold';
import type { Answer, AskEvent, AskResult, CandidateRow, StageName, StageTrace } from './types';
import { addUsage, NO_USAGE, type LlmUsage } from './usage';

export interface Reranker {
  readonly id: string;
  /** One relevance score per passage, higher is better. */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
}

export interface AskDeps {
  search(query: string, queryVector: Float32Array | undefined, options: SearchOptions): { candidates: Candidate[] };
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array | undefined>;
  vectorOf(chunkId: string): Float32Array | undefined;
  titleOf(docId: string): string;
  /** Absent: retrieval-only mode. */
  engine?: LlmEngine;
  reranker?: Reranker;
}

export interface AskOptions {
  signal?: AbortSignal;
  onEvent?: (e: AskEvent) => void;
  docIds?: ReadonlySet<string>;
}

/** What a stage body returns: its value, LLM use and what the trace shows. */
interface Outcome<T> {
  value: T;
  usage?: LlmUsage;
  detail?: StageTrace['detail'];
}

export const NOT_FOUND = 'The documents do not contain an answer to this question.';

/**
 * The ChunkRAG question pipeline: rewrite → hybrid retrieval → redundancy filter → graded
 * relevance (LLM, or retrieval scores without one) → dynamic threshold → rerank and order →
 * grounded answer. Every candidate stays in the result with the verdict and reason of the
 * stage that decided about it, and every stage reports its time and LLM use.
 */
export async function ask(question: string, settings: PipelineSettings, deps: AskDeps, options: AskOptions = {}): Promise<AskResult> {
  const { signal } = options;
  const emit = options.onEvent ?? (() => {});
  const engine = deps.engine;
  const stages: StageTrace[] = [];
  const problems: string[] = [];
  const run = async <T>(stage: StageName, body: () => Promise<Outcome<T>>): Promise<T> => {
    signal?.throwIfAborted();
    emit({ kind: 'stage', stage, status: 'start' });
    const t0 = performance.now();
    const { value, usage = NO_USAGE, detail = {} } = await body();
    // An engine may return what it had when interrupted; a cancelled question still stops here.
    signal?.throwIfAborted();
    const trace: StageTrace = { stage, ms: performance.now() - t0, usage, detail };
    stages.push(trace);
    emit({ kind: 'stage', stage, status: 'done', trace });
    return value;
  };

  // 1. Query rewrite
  const query = await run('rewrite', async () => {
    if (!engine || !settings.rewrite) return { value: question, detail: { skipped: engine ? 'turned off' : 'no LLM' } };
    const r = await rewriteQuery(engine, question, signal);
    if (r.problem) problems.push(`Query rewrite: ${r.problem}`);
    return { value: r.rewritten, usage: r.usage, detail: { rewritten: r.rewritten } };
  });

  // 2. Hybrid retrieval: dense on the rewrite, BM25 on both wordings.
  const rows = await run('retrieve', async () => {
    const vector = await deps.embedQuery(query, signal);
    const keywords = query === question ? question : `${question} ${query}`;
    const { candidates } = deps.search(keywords, vector, { mode: vector ? 'hybrid' : 'bm25', weights: settings.weights, limit: settings.candidates, docIds: options.docIds });
    const value: CandidateRow[] = candidates.map((c, i) => ({
      chunk: c.chunk,
      title: deps.titleOf(c.chunk.docId),
      rank: i + 1,
      bm25: c.bm25,
      dense: c.dense,
      bm25Norm: c.bm25Norm,
      denseNorm: c.denseNorm,
      hybrid: c.score,
    }));
    return { value, detail: { candidates: value.length, dense: Boolean(vector) } };
  });
  emit({ kind: 'rows', rows });

  // 3. Redundancy filter
  const unique = await run('dedupe', async () => {
    const { kept, duplicates } = filterRedundant(rows.map((r) => deps.vectorOf(r.chunk.id)), settings.duplicateThreshold);
    duplicates.forEach((d, i) => {
      if (!d) return;
      const of = rows[d.of];
      rows[i].duplicateOf = { chunkId: of.chunk.id, rank: of.rank, similarity: d.similarity };
      rows[i].verdict = 'duplicate';
      rows[i].reason = `${(d.similarity * 100).toFixed(0)}% similar to #${of.rank}`;
    });
    return { value: kept.map((i) => rows[i]), detail: { kept: kept.length, duplicates: rows.length - kept.length } };
  });
  emit({ kind: 'rows', rows });

  // 4. Relevance grades
  await run('grade', async () => {
    if (!engine) {
      for (const r of unique) {
        const c = critic(question, r.chunk.text);
        const w = settings.grading.weights;
        const baseWeight = w.base + w.reflection;
        r.grade = { base: r.hybrid, critic: c, final: 0, problems: [], usage: NO_USAGE };
        r.final = r.grade.final = (baseWeight * r.hybrid + w.critic * c.score) / Math.max(1e-9, baseWeight + w.critic);
      }
      return { value: undefined, detail: { from: 'retrieval scores and critic' } };
    }
    const { grades, usage } = await gradeChunks(
      engine,
      { query: question, chunks: unique.map((r) => r.chunk.text), fallback: unique.map((r) => r.hybrid) },
      settings.grading,
      { signal, onGraded: (_, done) => emit({ kind: 'graded', done, total: unique.length }) },
    );
    grades.forEach((g, i) => {
      unique[i].grade = g;
      unique[i].final = g.final;
      problems.push(...g.problems.map((p) => `Chunk #${unique[i].rank}: ${p}`));
    });
    return { value: undefined, usage, detail: { mode: settings.grading.mode, graded: grades.length } };
  });
  emit({ kind: 'rows', rows });

  // 5. Threshold and floor
  const threshold = await run('threshold', async () => {
    const scores = unique.map((r) => r.final ?? 0);
    let t: ThresholdResult = dynamicThreshold(scores, settings.threshold.epsilon, settings.threshold.floor);
    let usage = NO_USAGE;
    if (engine && settings.threshold.mode === 'llm' && scores.length > 0) {
      const out = await engine.generate(thresholdPrompt(question, scores), { maxTokens: 12, temperature: 0, signal });
      usage = { calls: 1, promptTokens: out.promptTokens, generatedTokens: out.completionTokens };
      const proposed = parseScore(out.text);
      if (proposed === undefined) problems.push(`Threshold: could not read ${JSON.stringify(out.text.slice(0, 40))}; the dynamic threshold was used`);
      else t = { ...t, threshold: Math.max(proposed, settings.threshold.floor), rule: proposed >= settings.threshold.floor ? 'llm' : 'floor' };
    }
    for (const r of unique) {
      const final = r.final ?? 0;
      if (!engine && r.bm25 === 0 && r.dense < settings.threshold.minDense) {
        r.verdict = 'below-floor';
        r.reason = `no query word and similarity ${r.dense.toFixed(2)} < ${settings.threshold.minDense}`;
      } else if (final < t.threshold) {
        r.verdict = final < settings.threshold.floor ? 'below-floor' : 'below-threshold';
        r.reason = `grade ${final.toFixed(2)} < ${t.threshold.toFixed(2)}`;
      } else {
        r.verdict = 'kept';
        r.reason = `grade ${final.toFixed(2)} ≥ ${t.threshold.toFixed(2)}`;
      }
    }
    return { value: t, usage, detail: { threshold: Number(t.threshold.toFixed(3)), rule: t.rule, kept: unique.filter((r) => r.verdict === 'kept').length } };
  });
  emit({ kind: 'rows', rows });

  // 6. Rerank, budget, order
  const context = await run('rerank', async () => {
    let kept = unique.filter((r) => r.verdict === 'kept');
    let by = 'final grade';
    if (deps.reranker && settings.rerank && kept.length > 1) {
      const scores = await deps.reranker.score(question, kept.map((r) => withHeader(r.chunk)), signal);
      kept.forEach((r, i) => (r.rerank = scores[i]));
      by = deps.reranker.id;
    }
    kept = [...kept].sort((a, b) => (b.rerank ?? b.final ?? 0) - (a.rerank ?? a.final ?? 0) || a.rank - b.rank);
    const fitting = withinBudget(kept, settings.contextBudget, (r) => r.chunk.text.length);
    for (const r of kept) {
      if (!fitting.includes(r)) {
        r.verdict = 'over-budget';
        r.reason = `the context budget of ${settings.contextBudget} characters was full`;
      }
    }
    const ordered = endsFirst(fitting);
    ordered.forEach((r, i) => (r.source = i + 1));
    return { value: ordered, detail: { by, used: ordered.length, chars: ordered.reduce((n, r) => n + r.chunk.text.length, 0) } };
  });
  emit({ kind: 'rows', rows });

  // 7. Grounded answer
  const answer = await run('answer', async (): Promise<Outcome<Answer>> => {
    if (context.length === 0) {
      emit({ kind: 'token', piece: NOT_FOUND });
      return { value: { text: NOT_FOUND, citations: [], notFound: true, extractive: !engine }, detail: { sources: 0 } };
    }
    if (!engine) {
      const ex = extractiveAnswer(question, context.map((r) => ({ n: r.source!, text: r.chunk.text, score: r.final ?? 0 })));
      const text = ex.text || `${firstSentence(context[0].chunk.text)} [${context[0].source}]`;
      emit({ kind: 'token', piece: text });
      return { value: { text, citations: findCitations(text, context.length), notFound: false, extractive: true }, detail: { sources: context.length } };
    }
    const sources = context.map((r) => ({
      n: r.source!,
      label: sourceLabel(r.title, r.chunk.pageStart, r.chunk.pageEnd, r.chunk.sectionPath),
      relevance: relevanceLabel(r.final ?? 0),
      score: r.final ?? 0,
      text: r.chunk.text,
    }));
    const out = await generateAnswer(engine, question, sources, { maxTokens: settings.maxAnswerTokens, signal, onToken: (piece) => emit({ kind: 'token', piece }) });
    if (out.citations.length === 0) problems.push('The answer cites no source.');
    return {
      value: { text: out.text, citations: out.citations, notFound: false, extractive: false },
      usage: out.usage,
      detail: { sources: sources.length, finish: out.finishReason },
    };
  });

  return {
    question,
    query,
    mode: engine ? 'llm' : 'retrieval-only',
    model: engine?.info.model,
    rows,
    threshold,
    answer,
    stages,
    usage: stages.reduce((u, s) => addUsage(u, s.usage), NO_USAGE),
    problems,
  };
}

function firstSentence(text: string): string {
  const m = text.match(/^[\s\S]*?[.!?](\s|$)/);
  return (m ? m[0] : text.slice(0, 200)).trim();
}
