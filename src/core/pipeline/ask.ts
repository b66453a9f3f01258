import type { Candidate, SearchOptions } from '../kb/knowledge-base';
import type { Chunk } from '../types';
import type { Embedder } from '../embed/embedder';
import { routeQuestion, type DocumentCard } from '../card';
import { measureAttribution, type AttributionReport } from '../attribution/attribution';
import { inferCitations } from './inferred-citations';
import { extractSegments } from '../rse/extract';
import { estimateJudgeCost, judgeChunks } from './llm-retriever';
import type { LlmEngine } from '../llm/engine';
import { withinBudget } from '../search/budget';
import { withHeader } from '../chunk/header';
import { generateAnswer, relevanceLabel, sourceLabel } from './answer';
import { critic } from './critic';
import { extractiveAnswer, firstQuote, quoteWithCitations } from './extractive';
import { textBefore } from './extractive-units';
import { gradeChunks } from './grade';
import { endsFirst } from './order';
import { parseScore } from './parse-score';
import { atShownPrecision, shown } from './precision';
import { thresholdPrompt } from './prompts';
import { filterRedundant } from './redundancy';
import { statementOf, statementPages, statementsNamed, type StatementKind } from './statements';
import { rewriteQuery } from './rewrite';
import type { PipelineSettings } from './settings';
import { dynamicThreshold, relativeThreshold, type ThresholdResult } from './threshold';
import type { Answer, AskEvent, AskResult, CandidateRow, SegmentSource, StageName, StageTrace } from './types';
import { addUsage, generationUsage, NO_USAGE, type LlmUsage } from './usage';

export interface Reranker {
  readonly id: string;
  /** One relevance score per passage, higher is better. */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
}

export interface AskDeps {
  search(query: string, queryVector: Float32Array | undefined, options: SearchOptions): { candidates: Candidate[] } | Promise<{ candidates: Candidate[] }>;
  /** Brings these documents' chunks into memory, so `chunksOf` returns them (libraries that read chunk texts on demand). */
  loadDocuments?(docIds: string[]): Promise<void>;
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array | undefined>;
  vectorOf(chunkId: string): Float32Array | undefined;
  titleOf(docId: string): string;
  /** Every searchable document's card, for routing questions that name a document. */
  cards?(): Array<{ docId: string; card: DocumentCard }>;
  /** A document's chunks in order (for relevant segment extraction and the LLM retriever). */
  chunksOf?(docId: string): Chunk[];
  /** Every searchable document (the LLM retriever's scope when none is chosen). */
  documentIds?(): string[];
  /** Absent: retrieval-only mode. */
  engine?: LlmEngine;
  /** Sentence embedder for attribution and utilization (skipped without one). */
  embedder?: Embedder;
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

  const judging = engine ? settings.llmRetriever.use : 'off';
  /** The LLM retriever: its cost announced first, then every given row judged. */
  const judge = (targets: CandidateRow[], mode: 'primary' | 'refine' | 'fallback', stage: StageName) =>
    run(stage, async () => {
      const chunks = targets.map((r) => r.chunk);
      const cost = estimateJudgeCost(chunks, question, settings.llmRetriever);
      emit({ kind: 'judge-cost', cost, mode });
      const r = await judgeChunks(engine!, question, chunks, settings.llmRetriever, {
        signal,
        onProgress: (done, total) => emit({ kind: 'graded', done, total }),
      });
      r.judgments.forEach((j, i) => {
        targets[i].judged = { grade: j.grade, relevant: j.relevant, problem: j.problem };
        targets[i].final = j.grade;
      });
      problems.push(...r.problems.map((p) => `LLM retriever: ${p}`));
      return {
        value: undefined,
        usage: r.usage,
        detail: { mode, judged: chunks.length, relevant: r.judgments.filter((j) => j.relevant).length, estimatedCalls: cost.calls, estimatedTokens: cost.promptTokens + cost.generatedTokens },
      };
    });
  const judgeInstead = judging === 'primary' || judging === 'refine';

  // 1. Query rewrite
  const query = await run('rewrite', async () => {
    if (!engine || !settings.rewrite) return { value: question, detail: { skipped: engine ? 'turned off' : 'no LLM' } };
    const r = await rewriteQuery(engine, question, signal);
    if (r.problem) problems.push(`Query rewrite: ${r.problem}`);
    return { value: r.rewritten, usage: r.usage, detail: { rewritten: r.rewritten } };
  });

  // 1b. Routing: a question that names a document (company, ticker, file) and period leans to it.
  const { scope, routed } = await run('route', async () => {
    const chosen = options.docIds;
    if (!settings.routing || !deps.cards) return { value: { scope: chosen, routed: [] }, detail: { skipped: settings.routing ? 'no document cards' : 'turned off' } };
    const cards = deps.cards().filter((d) => !chosen || chosen.has(d.docId));
    const r = routeQuestion(question, cards);
    return { value: { scope: r.docIds ?? chosen, routed: r.routed }, detail: { documents: cards.length, routed: r.routed.length, reason: r.reason } };
  });

  // 2. Hybrid retrieval: dense on the rewrite, BM25 on both wordings.
  const rows = await run('retrieve', async () => {
    const vector = await deps.embedQuery(query, signal);
    const keywords = query === question ? question : `${question} ${query}`;
    // Without an LLM, segment extraction reads relevance from a longer ranked list; the LLM
    // retriever's refine mode judges a longer list too.
    let limit = settings.segments.enabled && !engine ? Math.max(settings.candidates, settings.segments.candidates) : settings.candidates;
    if (judging === 'refine') limit = Math.max(limit, settings.llmRetriever.refineCandidates);
    // Retrieval-only grading costs nothing per candidate: take enough to fill the budget twice over.
    const filling = !engine && !settings.segments.enabled && settings.threshold.relative > 0;
    if (filling) limit = Math.max(limit, RETRIEVAL_ONLY_POOL);
    let { candidates } = await deps.search(keywords, vector, { mode: vector ? 'hybrid' : 'bm25', weights: settings.weights, limit, docIds: scope });
    // Later stages read whole documents (neighbours, statements, segments): the candidates' and, when every chunk is judged, the scope's.
    const everyDoc = judging === 'primary' ? [...(scope ?? deps.documentIds?.() ?? [])] : [];
    await deps.loadDocuments?.([...new Set([...candidates.map((c) => c.chunk.docId), ...everyDoc])]);
    let onStatements = new Map<string, StatementKind>();
    if (filling) {
      const pool = candidates;
      candidates = fillChars(pool, settings.candidates, 2 * settings.contextBudget);
      // A question that names a financial statement also gets the retrieved chunks on it.
      const named = statementsNamed(question);
      if (named.length > 0 && deps.chunksOf) {
        const docs = [...new Set(pool.slice(0, settings.candidates).map((c) => c.chunk.docId))];
        onStatements = statementPages(docs.flatMap((d) => deps.chunksOf!(d)), named);
        const taken = new Set(candidates);
        candidates = [...candidates, ...pool.filter((c) => !taken.has(c) && statementOf(c.chunk, onStatements))];
      }
    }
    let value: CandidateRow[] = candidates.map((c, i) => candidateRow(c, i + 1, deps));
    for (const row of value) row.statement = statementOf(row.chunk, onStatements);
    // Primary: every chunk of the chosen documents is a candidate; retrieval only orders them.
    if (judging === 'primary') value = everyChunk(value, deps, scope);
    return { value, detail: { candidates: value.length, dense: Boolean(vector), ...(judging !== 'off' ? { llmRetriever: judging } : {}) } };
  });
  emit({ kind: 'rows', rows });

  // 3. Redundancy filter
  const unique = await run('dedupe', async () => {
    // Texts too: chunks that name different figures or years are never duplicates.
    const texts = rows.map((r) => r.chunk.text);
    const { kept, duplicates, keptForFigures } = filterRedundant(rows.map((r) => deps.vectorOf(r.chunk.id)), settings.duplicateThreshold, texts);
    duplicates.forEach((d, i) => {
      if (!d) return;
      const of = rows[d.of];
      rows[i].duplicateOf = { chunkId: of.chunk.id, rank: of.rank, similarity: d.similarity };
      rows[i].verdict = 'duplicate';
      rows[i].reason = `${(d.similarity * 100).toFixed(0)}% similar to #${of.rank}`;
    });
    return { value: kept.map((i) => rows[i]), detail: { kept: kept.length, duplicates: rows.length - kept.length, keptForFigures: keptForFigures.length } };
  });
  emit({ kind: 'rows', rows });

  // 4. Relevance grades (or the LLM retriever's judgement of every candidate)
  if (judgeInstead) await judge(unique, judging, 'judge');
  await run('grade', async () => {
    if (judgeInstead) return { value: undefined, detail: { skipped: 'the LLM retriever judged the candidates' } };
    if (!engine) {
      for (const r of unique) {
        const c = critic(question, r.chunk.text);
        if (r.statement) {
          c.score = Math.min(1, c.score + STATEMENT_BONUS);
          c.notes.push(`on the ${r.statement} the question names`);
        }
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
    let t: ThresholdResult =
      !engine && settings.threshold.relative > 0
        ? relativeThreshold(scores, settings.threshold.relative, settings.threshold.floor)
        : dynamicThreshold(scores, settings.threshold.epsilon, settings.threshold.floor);
    let usage = NO_USAGE;
    if (engine && settings.threshold.mode === 'llm' && scores.length > 0) {
      const out = await engine.generate(thresholdPrompt(question, scores), { maxTokens: 12, temperature: 0, signal });
      usage = generationUsage(out);
      const proposed = parseScore(out.text);
      if (proposed === undefined) problems.push(`Threshold: could not read ${JSON.stringify(out.text.slice(0, 40))}; the dynamic threshold was used`);
      else t = { ...t, threshold: Math.max(proposed, settings.threshold.floor), rule: proposed >= settings.threshold.floor ? 'llm' : 'floor' };
    }
    // Decided at the precision the reasons print, so a reason always agrees with its verdict.
    const cut = atShownPrecision(t.threshold);
    const minDense = atShownPrecision(settings.threshold.minDense);
    for (const r of unique) {
      const final = atShownPrecision(r.final ?? 0);
      if (r.judged) {
        r.verdict = r.judged.relevant ? 'kept' : 'below-threshold';
        r.reason = `the LLM judged it ${r.judged.relevant ? 'relevant' : 'not relevant'} (${shown(final)})${r.judged.problem ? `; ${r.judged.problem}` : ''}`;
      } else if (!engine && r.bm25 === 0 && atShownPrecision(r.dense) < minDense) {
        r.verdict = 'below-floor';
        r.reason = `no query word and similarity ${shown(r.dense)} < ${shown(minDense)}`;
      } else if (final < cut) {
        r.verdict = final < atShownPrecision(settings.threshold.floor) ? 'below-floor' : 'below-threshold';
        r.reason = `grade ${shown(final)} < ${shown(cut)}`;
      } else {
        r.verdict = 'kept';
        r.reason = `grade ${shown(final)} ≥ ${shown(cut)}`;
      }
    }
    return { value: t, usage, detail: { threshold: cut, rule: t.rule, kept: unique.filter((r) => r.verdict === 'kept').length } };
  });
  emit({ kind: 'rows', rows });

  // 5b. LLM retriever as a fallback: nothing cleared the floor, so the LLM reads every chunk.
  if (judging === 'fallback' && !unique.some((r) => r.verdict === 'kept')) {
    const known = new Set(rows.map((r) => r.chunk.id));
    const fresh = everyChunk([], deps, scope).filter((r) => !known.has(r.chunk.id));
    fresh.forEach((r, i) => (r.rank = rows.length + i + 1));
    rows.push(...fresh);
    unique.push(...fresh);
    // Every chunk but the duplicates: the candidates already graded and the ones never retrieved.
    await judge(unique, 'fallback', 'judge');
    for (const r of unique) {
      r.verdict = r.judged?.relevant ? 'kept' : 'below-threshold';
      r.reason = `fallback: the LLM judged it ${r.judged?.relevant ? 'relevant' : 'not relevant'} (${(r.final ?? 0).toFixed(2)})`;
    }
    emit({ kind: 'rows', rows });
  }

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
    // The best chunk is always given, even when it alone is over the budget.
    const fitting = kept.length > 0 ? [kept[0], ...withinBudget(kept.slice(1), settings.contextBudget - kept[0].chunk.text.length, (r) => r.chunk.text.length)] : [];
    const given = new Set(fitting);
    for (const r of kept) {
      if (!given.has(r)) {
        r.verdict = 'over-budget';
        r.reason = `the context budget of ${settings.contextBudget} characters was full`;
      }
    }
    const ordered = endsFirst(fitting);
    ordered.forEach((r, i) => (r.source = i + 1));
    return { value: ordered, detail: { by, used: ordered.length, chars: ordered.reduce((n, r) => n + r.chunk.text.length, 0) } };
  });
  emit({ kind: 'rows', rows });

  // 6b. Relevant segment extraction: the best runs of adjacent chunks replace isolated ones.
  const found =
    settings.segments.enabled && deps.chunksOf
      ? await run('segments', async () => {
          const value = segmentSources(rows, !engine, settings, deps);
          return { value, detail: { segments: value.segments.length, chars: value.segments.reduce((n, s) => n + s.text.length, 0) } };
        })
      : undefined;
  const segments = found?.segments;
  if (found) {
    emit({ kind: 'segments', segments: found.segments, values: found.values });
    emit({ kind: 'rows', rows });
  }
  const sources = segments
    ? segments.map((s) => ({ n: s.n, title: s.title, pageStart: s.pageStart, pageEnd: s.pageEnd, sectionPath: s.sectionPath, text: s.text, score: segmentScore(s, rows) }))
    : context.map((r) => ({ n: r.source!, title: r.title, pageStart: r.chunk.pageStart, pageEnd: r.chunk.pageEnd, sectionPath: r.chunk.sectionPath, text: r.chunk.text, score: r.final ?? 0 }));

  // 7. Grounded answer
  const answer = await run('answer', async (): Promise<Outcome<Answer>> => {
    if (sources.length === 0) {
      emit({ kind: 'token', piece: NOT_FOUND });
      return { value: { text: NOT_FOUND, citations: [], notFound: true, extractive: !engine }, detail: { sources: 0 } };
    }
    if (!engine) {
      // The text before each source's first chunk: a table the source starts inside has its header row there.
      const first = segments ? segments.map((s) => ({ docId: s.docId, id: s.chunkIds[0] })) : context.map((r) => ({ docId: r.chunk.docId, id: r.chunk.id }));
      const before = (i: number) => (deps.chunksOf ? textBefore(deps.chunksOf(first[i].docId), first[i].id) : undefined);
      const ex = extractiveAnswer(question, sources.map((s, i) => ({ n: s.n, text: s.text, score: s.score, before: before(i) })));
      const opening = firstQuote({ text: sources[0].text, before: before(0) }) ?? firstSentence(sources[0].text);
      const { text, citations } = ex.text ? ex : quoteWithCitations([{ text: opening, source: sources[0].n }]);
      emit({ kind: 'token', piece: text });
      return { value: { text, citations, notFound: false, extractive: true }, detail: { sources: sources.length } };
    }
    const prompted = sources.map((s) => ({
      n: s.n,
      label: sourceLabel(s.title, s.pageStart, s.pageEnd, s.sectionPath),
      relevance: relevanceLabel(s.score),
      score: s.score,
      text: s.text,
    }));
    const out = await generateAnswer(engine, question, prompted, { maxTokens: settings.maxAnswerTokens, signal, onToken: (piece) => emit({ kind: 'token', piece }) });
    if (out.citations.length === 0) problems.push('The answer cites no source.');
    if (out.dropped.length > 0) {
      const list = out.dropped.map((n) => `[${n}]`).join(', ');
      problems.push(`Source${out.dropped.length === 1 ? '' : 's'} ${list} did not fit the model's context window (${engine.info.contextWindow} tokens) and ${out.dropped.length === 1 ? 'was' : 'were'} not given to it.`);
    }
    return {
      value: { text: out.text, citations: out.citations, notFound: false, extractive: false },
      usage: out.usage,
      detail: { sources: prompted.length, finish: out.finishReason },
    };
  });

  // 8. Attribution and utilization: which sources the answer cites or demonstrably uses.
  const attribution =
    deps.embedder && !answer.notFound && sources.length > 0
      ? await run('attribution', async (): Promise<Outcome<AttributionReport | undefined>> => {
          try {
            const cited = answer.citations.flatMap((m) => m.sources);
            const value = await measureAttribution({ question, answer: answer.text, cited, sources: sources.map((x) => ({ n: x.n, text: x.text })) }, deps.embedder!, { signal });
            const t = value.totals;
            if (!answer.extractive && answer.citations.length === 0) {
              const inferred = inferCitations(answer.text, value.answerSupport);
              if (inferred.length > 0) {
                answer.citations = inferred;
                const said = problems.indexOf('The answer cites no source.');
                if (said >= 0) problems.splice(said, 1);
                problems.push(`The model cited no source: Sieve marked ${inferred.length === 1 ? 'the sentence' : `${inferred.length} sentences`} that match a source (cosine ≥ ${t.threshold}).`);
              }
            }
            return { value, detail: { used: t.used, cited: t.cited, sources: t.sources, threshold: t.threshold } };
          } catch (e) {
            signal?.throwIfAborted();
            problems.push(`Attribution was not measured: ${e instanceof Error ? e.message : String(e)}`);
            return { value: undefined, detail: { skipped: 'the embedding model failed' } };
          }
        })
      : undefined;

  return {
    question,
    query,
    routed,
    attribution,
    mode: engine ? 'llm' : 'retrieval-only',
    model: engine?.info.model,
    rows,
    threshold,
    segments,
    segmentValues: found?.values,
    answer,
    stages,
    usage: stages.reduce((u, s) => addUsage(u, s.usage), NO_USAGE),
    problems,
  };
}

/**
 * Segments from the rows' relevance: final grades with an LLM, rank-decayed hybrid scores
 * without one. Rows inside a segment take its source number; kept rows outside every segment
 * are marked so. Chunks of a segment that were never retrieved come along as context.
 */
function segmentSources(
  rows: CandidateRow[],
  retrievalOnly: boolean,
  settings: PipelineSettings,
  deps: AskDeps,
): { segments: SegmentSource[]; values: NonNullable<AskResult['segmentValues']> } {
  const relevant = rows
    .filter((r) => r.verdict !== 'duplicate')
    .map((r) => (retrievalOnly ? { chunk: r.chunk, relevance: r.hybrid, rank: r.rank } : { chunk: r.chunk, relevance: r.final ?? 0 }));
  const { segments, values } = extractSegments(relevant, (docId) => deps.chunksOf!(docId), settings.segments, settings.contextBudget);
  const ordered = [...segments].sort((a, b) => b.value - a.value);
  const out: SegmentSource[] = ordered.map((s, i) => ({
    n: i + 1,
    docId: s.docId,
    title: deps.titleOf(s.docId),
    start: s.start,
    end: s.end,
    chunkIds: s.chunks.map((c) => c.id),
    pageStart: s.chunks[0].pageStart,
    pageEnd: s.chunks[s.chunks.length - 1].pageEnd,
    sectionPath: s.chunks[0].sectionPath,
    value: s.value,
    text: s.chunks.map((c) => c.text).join('\n'),
  }));
  const sourceOf = new Map(out.flatMap((s) => s.chunkIds.map((id) => [id, s.n] as const)));
  for (const r of rows) {
    r.source = sourceOf.get(r.chunk.id);
    if (r.verdict === 'kept' && r.source === undefined) {
      r.verdict = 'outside-segments';
      r.reason = 'not in any of the best runs of adjacent chunks';
    } else if (r.source !== undefined && r.verdict !== 'kept') {
      r.reason = `${r.reason ?? ''}; context of segment [${r.source}]`;
    }
  }
  return { segments: out, values: [...values].map(([docId, v]) => ({ docId, title: deps.titleOf(docId), values: Array.from(v) })) };
}

/** A segment's relevance for the answer prompt: the best final grade among its rows. */
function segmentScore(s: SegmentSource, rows: CandidateRow[]): number {
  return Math.max(0, ...rows.filter((r) => r.source === s.n).map((r) => r.final ?? r.hybrid));
}

/** What lying on the financial statement a question names adds to the critic's score (0–1). */
const STATEMENT_BONUS = 0.3;

/** The most candidates retrieval-only mode looks at. */
const RETRIEVAL_ONLY_POOL = 200;

/** The best candidates up to `chars` characters of text, and at least `min` of them. */
function fillChars(candidates: Candidate[], min: number, chars: number): Candidate[] {
  let total = 0;
  let n = 0;
  while (n < candidates.length && (n < min || total < chars)) total += candidates[n++].chunk.text.length;
  return candidates.slice(0, n);
}

function candidateRow(c: Candidate, rank: number, deps: AskDeps): CandidateRow {
  return { chunk: c.chunk, title: deps.titleOf(c.chunk.docId), rank, bm25: c.bm25, dense: c.dense, bm25Norm: c.bm25Norm, denseNorm: c.denseNorm, hybrid: c.score };
}

/** Every chunk of the documents in scope: retrieved ones first (with their scores), then the rest in document order. */
function everyChunk(retrieved: CandidateRow[], deps: AskDeps, docIds?: ReadonlySet<string>): CandidateRow[] {
  if (!deps.chunksOf) return retrieved;
  const scope = docIds ? [...docIds] : (deps.documentIds?.() ?? [...new Set(retrieved.map((r) => r.chunk.docId))]);
  const seen = new Set(retrieved.map((r) => r.chunk.id));
  const rest = scope.flatMap((docId) => deps.chunksOf!(docId).filter((c) => !seen.has(c.id)));
  return [
    ...retrieved,
    ...rest.map((chunk, i) => ({ chunk, title: deps.titleOf(chunk.docId), rank: retrieved.length + i + 1, bm25: 0, dense: 0, bm25Norm: 0, denseNorm: 0, hybrid: 0 })),
  ];
}

function firstSentence(text: string): string {
  const m = text.match(/^[\s\S]*?[.!?](\s|$)/);
  return (m ? m[0] : text.slice(0, 200)).trim();
}
