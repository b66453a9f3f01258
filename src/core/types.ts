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

export type SourceKind = 'pdf' | 'docx' | 'html' | 'markdown' | 'text' | 'image' | 'spreadsheet';

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

/** 'sectioning' and 'describing': a loaded language model finds a document's sections, or writes its one-sentence summary. */
export type IngestStage = 'reading' | 'parsing' | 'ocr' | 'sectioning' | 'describing' | 'embedding' | 'chunking' | 'indexing' | 'saving';

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
