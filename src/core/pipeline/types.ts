import type { Decline } from '../decline';
import type { RowsUpdate } from './row-changes';
import type { RoutedDocument } from '../card';
import type { Chunk } from '../types';
import type { Grade } from './grade';
import type { ThresholdResult } from './threshold';
import type { CitationMark, AttributionReport } from '../attribution';
import type { LlmUsage } from './usage';
import type { JudgeCost } from './llm-retriever';
import type { FigureResult } from './stages/figuring';
import type { ComparisonResult } from './stages/comparing';
import type { ReadingResult } from './stages/reading';
import type { LeadKind } from './stages/leading';

export type StageName =
  | 'rewrite'
  | 'route'
  | 'retrieve'
  | 'dedupe'
  | 'grade'
  | 'threshold'
  | 'judge'
  | 'rerank'
  | 'segments'
  | 'decline'
  | 'compare'
  | 'entry'
  | 'figure'
  | 'read'
  | 'list'
  | 'choose'
  | 'pick'
  | 'lead'
  | 'answer'
  | 'attribution';

/** Why a candidate was or was not given to the answer. */
export type Verdict = 'kept' | 'duplicate' | 'below-threshold' | 'below-floor' | 'over-budget' | 'outside-segments';

/** One retrieved chunk and everything every stage decided about it. */
export interface CandidateRow {
  chunk: Chunk;
  /** The document's title, for labels and citations. */
  title: string;
  /** 1-based rank in hybrid retrieval. */
  rank: number;
  bm25: number;
  dense: number;
  bm25Norm: number;
  denseNorm: number;
  hybrid: number;
  duplicateOf?: { chunkId: string; rank: number; similarity: number };
  grade?: Grade;
  /** The LLM retriever's judgement, when it judged this chunk. */
  judged?: { grade: number; relevant: boolean; problem?: string };
  /** The combined grade the threshold is applied to. */
  final?: number;
  rerank?: number;
  verdict?: Verdict;
  reason?: string;
  /** 1-based position in the answer's context: the number its citations use. */
  source?: number;
  /** The financial statement the question names that this chunk lies on (retrieval-only). */
  statement?: string;
}

/** A run of adjacent chunks given to the answer as one source (relevant segment extraction). */
export interface SegmentSource {
  /** 1-based source number used in citations. */
  n: number;
  docId: string;
  title: string;
  /** Chunk index range [start, end) in the document. */
  start: number;
  end: number;
  chunkIds: string[];
  pageStart?: number;
  pageEnd?: number;
  sectionPath: string[];
  /** Sum of its chunks' values (relevance − penalty). */
  value: number;
  text: string;
}

export interface StageTrace {
  stage: StageName;
  ms: number;
  usage: LlmUsage;
  detail: Record<string, string | number | boolean | undefined>;
}

export interface Answer {
  text: string;
  citations: CitationMark[];
  /** The documents did not hold an answer: nothing cleared the floor. */
  notFound: boolean;
  /** Built from document sentences (retrieval-only mode), not written by a model. */
  extractive: boolean;
}

export interface AskResult {
  question: string;
  /** Set when the documents cannot answer the question: why, as the answer says it first (core/decline). */
  declined?: Decline;
  /** The query used for retrieval (the rewrite, or the question itself). */
  query: string;
  /** The documents the question named, which retrieval leaned to (empty: all in scope). */
  routed: RoutedDocument[];
  mode: 'llm' | 'retrieval-only';
  model?: string;
  rows: CandidateRow[];
  threshold?: ThresholdResult;
  /** Set when relevant segment extraction chose the context. */
  segments?: SegmentSource[];
  /** Each chunk's value (relevance − penalty) along the documents segments were sought in. */
  segmentValues?: Array<{ docId: string; title: string; values: number[] }>;
  answer: Answer;
  /** The figure Sieve read from the tables or computed, with its inputs' cells (absent: the question asks for none). */
  figure?: FigureResult;
  /** The rows Sieve compared for a "which … highest / fell most" question (absent: it asks none, or no table held the rows). */
  comparison?: ComparisonResult;
  /** What the reading stage read from the kept passages: a span, or a yes/no verdict (absent: the question asks neither, or another stage answered). */
  read?: ReadingResult;
  /** What the answer's first line rests on, and whether it is stated as the answer (its kind is precise enough on fresh data) or offered as what Sieve found. */
  lead?: { kind: LeadKind; states: boolean; found?: string; caution?: string };
  /** Did the answer use what it was given: per source and in total (absent for no answer). */
  attribution?: AttributionReport;
  stages: StageTrace[];
  usage: LlmUsage;
  problems: string[];
}

/** What a running question reports as it goes, so the UI can fill in stage by stage. */
export type AskEvent =
  | { kind: 'stage'; stage: StageName; status: 'start' | 'done'; trace?: StageTrace }
  /** The candidates as the last stage left them: only what changed since the previous report. */
  | { kind: 'rows'; update: RowsUpdate }
  | { kind: 'segments'; segments: SegmentSource[]; values: NonNullable<AskResult['segmentValues']> }
  | { kind: 'graded'; done: number; total: number }
  /** Before the LLM judges chunks: what it will cost. */
  | { kind: 'judge-cost'; cost: JudgeCost; mode: 'primary' | 'refine' | 'fallback' }
  | { kind: 'token'; piece: string };
