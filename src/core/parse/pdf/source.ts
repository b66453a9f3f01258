/**
 * What the PDF adapter reads out of a file: plain, serialisable data (it crosses worker
 * boundaries and is what the layout logic in this folder works on).
 *
 * Coordinates are in PDF points in the page's displayed orientation, origin at the top-left
 * corner, y growing downwards.
 */

export interface PdfTextItem {
  text: string;
  /** Left edge of the run. */
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Rendered font size (text height) in points. */
  fontSize: number;
  /** The font's PostScript name when known (e.g. "Arial,Bold"), else an opaque id. */
  font: string;
  bold: boolean;
  italic: boolean;
  /** pdf.js saw the end of a line after this run. */
  hasEOL: boolean;
  /**
   * Direction of the baseline in degrees, clockwise from "left to right" in the page's displayed
   * orientation (90: running down the page, -90: running up it, 180: upside down). Absent for
   * upright text. `x`/`y` are then the run's start on its baseline and `width` its length along it.
   */
  angle?: number;
  /**
   * The run is an annotation's or form field's text (a FreeText box, a comment, a field's value,
   * a list box's options), not drawn by the page's content: placed at the annotation's rectangle.
   */
  annotation?: true;
}

export interface PdfPage {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  items: PdfTextItem[];
  /** Set when the page could not be read; its items are then empty. */
  error?: string;
  /** Set (with `error`) when reading the page ran past its time limit and was abandoned. */
  timedOut?: true;
  /** Set when its items were read by OCR from the page's pixels (it had no text layer). */
  ocr?: PdfPageOcr;
}

export interface PdfPageOcr {
  /** Mean confidence of the kept text, 0–100. */
  confidence: number;
  /** read: kept; low: kept, with a warning; garbage: dropped, with a warning; blank: nothing found. */
  verdict: 'read' | 'low' | 'garbage' | 'blank';
}

/** A bookmark. `page` is 1-based; `y` (top-down, like item baselines) is absent when the target gives none. */
export interface PdfOutlineEntry {
  title: string;
  page: number | null;
  y: number | null;
  children: PdfOutlineEntry[];
}

export interface PdfSource {
  /** Document information / XMP title, verbatim; null when absent. */
  title: string | null;
  pages: PdfPage[];
  outline: PdfOutlineEntry[];
  /**
   * How pages without a text layer fared: absent when OCR was not available (Node), 'done'
   * when it ran, else why it stopped (the pages it did not reach keep no text).
   */
  ocr?: { status: 'done' } | { status: 'failed'; reason: string };
}
