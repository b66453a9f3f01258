import type { Candidate, SearchOptions } from '../../kb';
import type { Chunk } from '../../types';
import type { Table } from '../../tables';
import type { Embedder } from '../../embed';
import type { DocumentCard } from '../../card';
import type { LlmEngine } from '../../llm';
import type { PipelineSettings } from '../../settings';
import type { AskEvent, StageName, StageTrace } from '../types';
import { NO_USAGE, type LlmUsage } from '../usage';
import type { LeadKindSpec } from './leading';

export interface Reranker {
  readonly id: string;
  /** One relevance score per passage, higher is better. */
  score(query: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
}

/** What the pipeline reads from the knowledge base and the models. */
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
  /** A document's tables read as cells (for figures computed from them). */
  tablesOf?(docId: string): Table[] | Promise<Table[]>;
  /** Every searchable document (the LLM retriever's scope when none is chosen). */
  documentIds?(): string[];
  /** Absent: retrieval-only mode. */
  engine?: LlmEngine;
  /** Sentence embedder for attribution and utilization (skipped without one). */
  embedder?: Embedder;
  reranker?: Reranker;
  /** The precision of each kind of lead that decides which are stated (default LEAD_KINDS, measured on fresh sets); tests give their own. */
  leadKinds?: readonly LeadKindSpec[];
}

/** What every stage of one question sees: the question, the settings, the models, and where to report. */
export interface AskContext {
  question: string;
  settings: PipelineSettings;
  deps: AskDeps;
  engine?: LlmEngine;
  /** How the LLM retriever takes part ('off' without an LLM). */
  judging: PipelineSettings['llmRetriever']['use'];
  signal?: AbortSignal;
  emit: (e: AskEvent) => void;
  /** Problems worth showing the user (a reply that did not parse, a source that did not fit). */
  problems: string[];
}

/** What a stage returns: its value, LLM use and what the trace shows. */
export interface Outcome<T> {
  value: T;
  usage?: LlmUsage;
  detail?: StageTrace['detail'];
}

/** Runs stages one after another, timing each, announcing it, and stopping when the question is cancelled. */
export function stageRunner(ctx: AskContext, stages: StageTrace[]) {
  return async <T>(stage: StageName, body: () => Promise<Outcome<T>>): Promise<T> => {
    ctx.signal?.throwIfAborted();
    ctx.emit({ kind: 'stage', stage, status: 'start' });
    const t0 = performance.now();
    const { value, usage = NO_USAGE, detail = {} } = await body();
    // An engine may return what it had when interrupted; a cancelled question still stops here.
    ctx.signal?.throwIfAborted();
    const trace: StageTrace = { stage, ms: performance.now() - t0, usage, detail };
    stages.push(trace);
    ctx.emit({ kind: 'stage', stage, status: 'done', trace });
    return value;
  };
}

export type RunStage = ReturnType<typeof stageRunner>;
