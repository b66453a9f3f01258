/**
 * Domain types shared by every stage of the pipeline. Pure data: no DOM, no runtime.
 *
 * Offsets are UTF-16 code-unit offsets into `ParsedDocument.text` (the cleaned text),
 * half-open: [start, end).
 */

export type DocumentId = string;

/** Text read from pixels by OCR, with the recogniser's mean word confidence (0–100). */
export interface OcrMark {
  confidence: number;
}

/** One page of a paginated source. `page` is 1-based, as a PDF viewer shows it. */
export interface PageSpan {
  page: number;
  start: number;
  end: number;
  /** Present when the page's text was read by OCR (a scanned page or an image). */
  ocr?: OcrMark;
}

/** A heading path such as ["Item 7. Management's Discussion", "Liquidity"] covering a text range. */
export interface SectionSpan {
  start: number;
  end: number;
  path: string[];
}

export type SourceKind = 'pdf' | 'docx' | 'html' | 'markdown' | 'text' | 'image';

/** What a parser returns: cleaned text plus where pages and sections lie in it. */
export interface ParsedDocument {
  kind: SourceKind;
  title: string;
  /**
   * Cleaned text. Paragraphs are separated by a blank line ("\n\n"). Inside a paragraph a
   * single "\n" separates lines that must stay units of their own (table rows, list items).
   */
  text: string;
  /** Sorted, non-overlapping; empty for formats without pages. */
  pages: PageSpan[];
  /** Sorted, non-overlapping; ranges with no heading are simply absent. */
  sections: SectionSpan[];
  /** Notes for the user about how the file was read (e.g. "3 running headers removed"). */
  warnings: string[];
}

export interface Sentence {
  index: number;
  start: number;
  end: number;
  text: string;
}

export interface Chunk {
  /** `${docId}#${index}` */
  id: string;
  docId: DocumentId;
  index: number;
  text: string;
  start: number;
  end: number;
  /** 1-based inclusive page range; absent for formats without pages. */
  pageStart?: number;
  pageEnd?: number;
  /** Some of its pages were read by OCR: the lowest confidence among them. */
  ocr?: OcrMark;
  sectionPath: string[];
  /** Contextual header (document title › section path) used for search, not part of `text`. */
  header?: string;
  /** Sentence index range [sentenceStart, sentenceEnd). */
  sentenceStart: number;
  sentenceEnd: number;
}

/**
 * Semantic chunks: neighbours at least θ (`threshold`) similar stay together. With
 * `percentile` (0–100), θ is instead that percentile of each document's own neighbour
 * similarities (25: the quarter of neighbour pairs least alike become boundaries), which
 * means the same whatever the embedder's similarity scale; `threshold` is then unused.
 */
type SemanticChunker = { kind: 'semantic'; threshold: number; maxChars: number; percentile?: number };

type FixedChunker = { kind: 'fixed'; size: number; overlap: number };

/**
 * LlamaChunk: boundaries where a language model puts most probability on a split character
 * (needs a transformers.js LLM). threshold: decay-corrected log-prob a peak must reach;
 * minChars / maxChars: chunk size limits. Windows are sized to the model's context.
 */
type LlmChunker = { kind: 'llm'; threshold: number; minChars: number; maxChars: number };

interface ChunkHeaderOptions {
  /** Give each chunk a contextual header (title › section path) for embedding and search. Default on. */
  headers?: boolean;
  /**
   * Also put the header into each chunk's vector (not only BM25 and reranking). Off by default:
   * with the bundled model it did not help dense retrieval on the dev set and costs ingest time.
   */
  headerVectors?: boolean;
}

export type ChunkerSettings = (SemanticChunker | FixedChunker | LlmChunker) & ChunkHeaderOptions;

export const DEFAULT_CHUNKER: ChunkerSettings = { kind: 'semantic', threshold: 0.8, percentile: 90, maxChars: 500, headers: true };

/** LLM-boundary (LlamaChunk) defaults; core/llamachunk's DEFAULT_LLAMACHUNK takes its threshold and sizes from here. */
export const DEFAULT_LLM_CHUNKER: Extract<ChunkerSettings, { kind: 'llm' }> = { kind: 'llm', threshold: 2, minChars: 200, maxChars: 1500, headers: true };

export type IngestStage = 'reading' | 'parsing' | 'ocr' | 'embedding' | 'chunking' | 'indexing' | 'saving';

export interface Progress {
  stage: IngestStage;
  /** Work done and total in the stage's own unit (bytes, pages, sentences…); total 0 = unknown. */
  done: number;
  total: number;
}

/** Timing and counters a stage reports about itself. */
export interface Trace {
  stage: string;
  ms: number;
  detail?: Record<string, number | string | boolean>;
}
