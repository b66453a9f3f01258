import type { Chunk, ParsedDocument } from '../types';
import { DEFAULT_CHUNKER, RSE_PRESETS, type ChunkerSettings, type FusionWeights } from '../settings';
import type { DocumentCard } from '../card';
import { answerKey, answerShows } from './answer-hit';
import { answerCorrect, answerLead } from './answer-correct';
import type { EvidenceFate } from './fate';
import type { AskResult, StageTrace } from '../pipeline';
import { leadRow, type LeadRow } from './lead';
import type { DocumentTables } from '../compute';
import { missCause, type MissCause } from './miss-cause';
import { askPipeline } from './ask-pipeline';
import type { AttributionTotals } from '../attribution';
import type { LlmEngine } from '../llm';
import { extractSegments } from '../rse';
import type { Embedder } from '../embed';
import { prepareDocument as prepareForIndex } from '../ingest';
import type { Table } from '../tables';

const NEVER = new AbortController().signal;
import { KnowledgeBase, type RetrievalMode } from '../kb';
import { withinBudget } from '../search';
import { evidencePages, type BenchQuestion } from './financebench';
import type { LlmRunStats } from './grader';
import { scoreRetrieval, summarize, type ConfigSummary, type QuestionScores } from './metrics';
import { summarizeAttribution, type AttributionSummary } from './attribution';

export interface EvalConfig {
  name: string;
  chunking: keyof typeof CHUNKINGS;
  mode: RetrievalMode;
  /**
   * Run the question pipeline in retrieval-only mode instead of a plain top-k: no rewrite,
   * duplicates dropped, grades from retrieval scores and the critic, the dynamic threshold,
   * and the kept chunks within the budget.
   */
  pipeline?: boolean;
  /** Relevant segment extraction over rank-decayed hybrid scores (retrieval-only) with this preset. */
  rse?: keyof typeof RSE_PRESETS;
  /**
   * Run the whole question pipeline with a language model (grades, threshold, answer) and
   * measure the answer's attribution; needs `pipeline` and an EvalLlm (skipped without one).
   */
  llm?: boolean;
  /** With `llm`: how grades are scored (default: the app's, logprob). */
  scoring?: 'logprob' | 'generate';
  /** With `pipeline`: the app's pipeline settings untouched (segments, routing and all), only the budget set. */
  appDefaults?: boolean;
  /** With `pipeline`: settings changed for an experiment (eval --set), merged one level deep. */
  overrides?: Record<string, unknown>;
}

/** What the configs with `llm` run with. */
export interface EvalLlm {
  engine: LlmEngine;
  /** Sentence embedder for attribution. */
  embedder: Embedder;
  /** The answer's token limit (DEFAULT_PIPELINE's when absent). */
  maxAnswerTokens?: number;
}

/**
 * A question's retrieval scores and, for configs with `llm`, its answer's attribution totals (null:
 * not measured); with its FinanceBench question type, for breakdowns.
 */
export type EvaluatedQuestion = QuestionScores & {
  missCause?: MissCause;
  attribution?: AttributionTotals | null;
  llmRun?: LlmRunStats;
  answer?: string;
  fate?: EvidenceFate;
  questionType?: string;
  /** What led the answer, whether it was stated, and whether the finding itself (as it reads stated) is right. */
  lead?: LeadRow;
  /** The finding stages' details (decline, compare, figure, read, lead), to read how a question went. */
  stageDetail?: Record<string, StageTrace['detail']>;
};

const CHUNKINGS = {
  /** Whatever the app chunks with by default (DEFAULT_CHUNKER), so the `default` config follows it. */
  default: { chunker: DEFAULT_CHUNKER },
  /** The baseline: no contextual headers. */
  fixed500: { chunker: { kind: 'fixed', size: 500, overlap: 50, headers: false } },
  /** The app's default: semantic chunks with contextual headers. */
  semantic: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: true } },
  /** Semantic chunks without headers. */
  semanticPlain: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: false } },
  /** Semantic chunks whose headers also go into their vectors (blended by their share of the text). */
  semanticHeaderVectors: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: true }, headerVectors: true },
  /** Semantic chunks without headers whose multi-sentence vectors come from embedding their text (a second model pass). */
  semanticEmbed: { chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: false }, chunkVectors: 'embed' },
  /** Semantic chunks with headers, cut below the 10th, 25th or 50th percentile of each document's neighbour similarities. */
  semanticP10: { chunker: { kind: 'semantic', threshold: 0.8, percentile: 10, maxChars: 500, headers: true } },
  semanticP25: { chunker: { kind: 'semantic', threshold: 0.8, percentile: 25, maxChars: 500, headers: true } },
  semanticP50: { chunker: { kind: 'semantic', threshold: 0.8, percentile: 50, maxChars: 500, headers: true } },
  semanticP75: { chunker: { kind: 'semantic', threshold: 0.8, percentile: 75, maxChars: 500, headers: true } },
  semanticP90: { chunker: { kind: 'semantic', threshold: 0.8, percentile: 90, maxChars: 500, headers: true } },
} satisfies Record<string, { chunker: ChunkerSettings; chunkVectors?: 'embed' | 'mean'; headerVectors?: boolean }>;

export const CONFIGS: EvalConfig[] = [
  /** The app's default question pipeline in retrieval-only mode, exactly as a user gets it. */
  { name: 'default', chunking: 'default', mode: 'hybrid', pipeline: true, appDefaults: true },
  { name: 'fixed500-bm25', chunking: 'fixed500', mode: 'bm25' },
  { name: 'fixed500-dense', chunking: 'fixed500', mode: 'dense' },
  { name: 'fixed500-hybrid', chunking: 'fixed500', mode: 'hybrid' },
  { name: 'semantic-bm25', chunking: 'semantic', mode: 'bm25' },
  { name: 'semantic-dense', chunking: 'semantic', mode: 'dense' },
  { name: 'semantic-hybrid', chunking: 'semantic', mode: 'hybrid' },
  { name: 'semantic-plain-bm25', chunking: 'semanticPlain', mode: 'bm25' },
  { name: 'semantic-plain-dense', chunking: 'semanticPlain', mode: 'dense' },
  { name: 'semantic-plain-hybrid', chunking: 'semanticPlain', mode: 'hybrid' },
  { name: 'semantic-hv-dense', chunking: 'semanticHeaderVectors', mode: 'dense' },
  { name: 'semantic-hv-hybrid', chunking: 'semanticHeaderVectors', mode: 'hybrid' },
  { name: 'pipeline-retrieval-only', chunking: 'semantic', mode: 'hybrid', pipeline: true },
  { name: 'pipeline-retrieval-only-p25', chunking: 'semanticP25', mode: 'hybrid', pipeline: true },
  { name: 'pipeline-retrieval-only-rse', chunking: 'semantic', mode: 'hybrid', pipeline: true, rse: 'balanced' },
  { name: 'default-llm', chunking: 'default', mode: 'hybrid', pipeline: true, appDefaults: true, llm: true },
  { name: 'pipeline-llm', chunking: 'semantic', mode: 'hybrid', pipeline: true, llm: true },
  { name: 'pipeline-llm-generate', chunking: 'semantic', mode: 'hybrid', pipeline: true, llm: true, scoring: 'generate' },
  { name: 'semantic-rse', chunking: 'semantic', mode: 'hybrid', rse: 'balanced' },
  { name: 'semantic-rse-precise', chunking: 'semantic', mode: 'hybrid', rse: 'precise' },
  { name: 'semantic-rse-everything', chunking: 'semantic', mode: 'hybrid', rse: 'find-everything' },
  { name: 'semantic-plain-rse', chunking: 'semanticPlain', mode: 'hybrid', rse: 'balanced' },
  { name: 'semantic-embed-dense', chunking: 'semanticEmbed', mode: 'dense' },
  { name: 'semantic-embed-hybrid', chunking: 'semanticEmbed', mode: 'hybrid' },
  { name: 'semantic-p10-hybrid', chunking: 'semanticP10', mode: 'hybrid' },
  { name: 'semantic-p25-hybrid', chunking: 'semanticP25', mode: 'hybrid' },
  { name: 'semantic-p50-hybrid', chunking: 'semanticP50', mode: 'hybrid' },
  { name: 'semantic-p75-hybrid', chunking: 'semanticP75', mode: 'hybrid' },
  { name: 'semantic-p90-hybrid', chunking: 'semanticP90', mode: 'hybrid' },
  { name: 'pipeline-retrieval-only-p75', chunking: 'semanticP75', mode: 'hybrid', pipeline: true },
  { name: 'pipeline-retrieval-only-p90', chunking: 'semanticP90', mode: 'hybrid', pipeline: true },
];

/** Candidates ranked before the budget cut; enough to fill any sensible budget with small chunks. */
const RANKED = 400;

/**
 * The knowledge bases a question is asked against, one per chunking the configs use: one
 * document's (per-document mode) or every document's (library mode), with their cards.
 */
export interface Prepared {
  kbs: Map<EvalConfig['chunking'], KnowledgeBase>;
  cards: Array<{ docId: string; card: DocumentCard }>;
  /** Each document's tables read as cells, as the app reads them from the stored text. */
  tables: Map<string, Table[]>;
  /** The embedder the documents were indexed with: the app's, for attribution and rows matched by meaning. */
  embedder: Embedder;
}

/** Chunks and indexes one document once for every chunking the configs use. */
export async function prepareDocument(docName: string, parsed: ParsedDocument, embedder: Embedder, configs: EvalConfig[]): Promise<Prepared> {
  return prepareLibrary([{ docName, parsed }], embedder, configs);
}

/** Chunks and indexes documents into one knowledge base per chunking: the library mode's shared store. */
export async function prepareLibrary(
  docs: Array<{ docName: string; parsed: ParsedDocument }>,
  embedder: Embedder,
  configs: EvalConfig[],
  onDocument?: (docName: string) => void,
): Promise<Prepared> {
  const prepared: Prepared = { kbs: new Map(), cards: [], tables: new Map(), embedder };
  for (const chunking of new Set(configs.map((c) => c.chunking))) prepared.kbs.set(chunking, new KnowledgeBase(embedder.dim));
  for (const { docName, parsed } of docs) {
    for (const [chunking, kb] of prepared.kbs) {
      // The app's own path (sections for a headingless document, then build), on a copy: each chunking sections afresh.
      const { built } = await prepareForIndex({
        docId: docName,
        parsed: { ...parsed, warnings: [...parsed.warnings] },
        fileName: `${docName}.pdf`,
        embedder,
        ...CHUNKINGS[chunking],
        batchSize: 256,
        signal: NEVER,
      });
      kb.addDocument(docName, built.chunks, built.vectors);
      // The tables ingest read, as the app stores them.
      prepared.tables.set(docName, built.tables.tables);
      if (!prepared.cards.some((c) => c.docId === docName)) prepared.cards.push({ docId: docName, card: built.card });
    }
    onDocument?.(docName);
  }
  return prepared;
}

/** Retrieves up to `budget` characters for a question under one config and scores it. */
/** The gold answer of a question the documents cannot answer: "Not in the documents." (test/unanswerable-set and most sets), "Not stated in the document" (test/fresh-set-5). */
const UNANSWERABLE = /^\s*not (?:stated )?in the documents?\.?\s*$/i;
const FINDING_STAGES = new Set(['route', 'decline', 'compare', 'entry', 'figure', 'read', 'list', 'choose', 'pick', 'lead']);

export async function evaluateQuestion(
  config: EvalConfig,
  prepared: Prepared,
  parsed: ParsedDocument,
  q: BenchQuestion,
  queryVector: Float32Array,
  budget: number,
  weights?: FusionWeights,
  llm?: EvalLlm,
): Promise<EvaluatedQuestion> {
  const kb = prepared.kbs.get(config.chunking)!;
  if (config.llm && !llm) throw new Error(`config ${config.name} needs a language model`);
  const withLlm = config.llm ? llm : undefined;
  let chunks: Chunk[];
  let attribution: AttributionTotals | null | undefined;
  let llmRun: LlmRunStats | undefined;
  let answer: string | undefined;
  let fate: EvidenceFate | undefined;
  let missContext: { result: AskResult; docs: DocumentTables[] } | undefined;
  if (config.pipeline) {
    const run = await askPipeline(config, prepared, kb, parsed, q, queryVector, budget, weights, withLlm);
    ({ chunks, answer, fate, attribution, llmRun } = run);
    missContext = { result: run.result, docs: [...prepared.tables].map(([docId, tables]) => ({ docId, tables })) };
  } else if (config.rse) {
    const preset = RSE_PRESETS[config.rse];
    const { candidates } = kb.search(q.question, queryVector, { mode: config.mode, limit: preset.candidates, weights });
    const relevant = candidates.map((c, i) => ({ chunk: c.chunk, relevance: c.score, rank: i + 1 }));
    const { segments } = extractSegments(relevant, (docId) => kb.chunksOf(docId), preset, budget);
    chunks = segments.flatMap((s) => s.chunks);
  } else {
    const { candidates } = kb.search(q.question, queryVector, { mode: config.mode, limit: RANKED, weights });
    chunks = withinBudget(candidates, budget, (c) => c.chunk.text.length).map((c) => c.chunk);
  }
  const own = chunks.filter((c) => c.docId === q.doc_name);
  const spans = own.map((c) => ({ start: c.start, end: c.end, text: c.text }));
  const evidence = q.evidence
    .filter((e) => e.doc_name === q.doc_name)
    .map((e) => e.evidence_text)
    .join('\n');
  const scores = scoreRetrieval(spans, parsed.pages, evidencePages(q), evidence);
  // Characters from other documents count against the signal ratio.
  const total = chunks.reduce((n, c) => n + c.end - c.start, 0);
  const ownChars = scores.retrievedChars;
  const key = q.answer ? answerKey(q.answer, evidence) : undefined;
  // A figure answer is judged by its headline alone: the input lines and quotes below it could hold the gold figure by chance;
  // a declined answer by its decline (the nearest passages after it are offered as no answer).
  const result = missContext?.result;
  const declined = result?.declined;
  // A figure stated as the answer is judged by its headline; a hedged one by what the answer says.
  const headline = result?.lead?.states !== false ? result?.figure?.text?.headline : undefined;
  const judged = declined?.text ?? headline ?? answer;
  const verdict =
    judged !== undefined && q.answer ? (UNANSWERABLE.test(q.answer) ? { kind: 'declined' as const, correct: declined !== undefined } : answerCorrect(q.answer, judged)) : undefined;
  return {
    ...scores,
    signalRatio: total ? (scores.signalRatio * ownChars) / total : 0,
    retrievedChars: total,
    rightDocShare: total ? ownChars / total : undefined,
    ...(answer !== undefined ? { answerHit: key ? answerShows(answer, key) : null, answer } : {}),
    ...(verdict
      ? {
          answerCorrect: verdict.correct,
          answerKind: verdict.kind,
          leadCorrect: verdict.kind === 'declined' ? verdict.correct : answerCorrect(q.answer!, answerLead(judged!)).correct,
        }
      : {}),
    ...(declined ? { declined: declined.kind } : {}),
    ...(result?.lead && q.answer ? { lead: leadRow(result, q.answer, UNANSWERABLE.test(q.answer)) } : {}),
    ...(result ? { stageDetail: Object.fromEntries(result.stages.filter((st) => FINDING_STAGES.has(st.stage)).map((st) => [st.stage, st.detail])) } : {}),
    ...(verdict && !verdict.correct && missContext ? { missCause: missCause(q.answer!, verdict.kind, missContext.result, scores.pageHit, missContext.docs) } : {}),
    ...(q.question_type ? { questionType: q.question_type } : {}),
    ...(fate ? { fate } : {}),
    ...(attribution !== undefined ? { attribution } : {}),
    ...(llmRun ? { llmRun } : {}),
  };
}

/**
 * A plain top-k config's full ranking of the question's document (every chunk the search
 * scores, best first); undefined for pipeline and segment configs, which do not rank alone.
 */
export function rankedChunks(config: EvalConfig, prepared: Prepared, question: string, queryVector: Float32Array, weights?: FusionWeights): Chunk[] | undefined {
  if (config.pipeline || config.rse) return undefined;
  const kb = prepared.kbs.get(config.chunking)!;
  return kb.search(question, queryVector, { mode: config.mode, limit: kb.chunkCount, weights }).candidates.map((c) => c.chunk);
}

export function summarizeAll(configs: EvalConfig[], scores: Map<string, QuestionScores[]>): ConfigSummary[] {
  return configs.map((c) => summarize(c.name, scores.get(c.name) ?? []));
}

/** Attribution summaries of the configs whose questions carry attribution (the `llm` ones), by config name. */
export function summarizeAttributions(rows: Array<{ config: string } & EvaluatedQuestion>): AttributionSummary[] {
  const measured = rows.filter((r) => r.attribution !== undefined);
  return [...new Set(measured.map((r) => r.config))].map((name) =>
    summarizeAttribution(
      name,
      measured.filter((r) => r.config === name).map((r) => r.attribution),
    ),
  );
}
