/** Builds PdfSource pages from a few line descriptions, for tests of the layout logic. */
import type { PdfOutlineEntry, PdfPage, PdfSource, PdfTextItem } from '../core/parse';

export interface SyntheticLine {
  /** Baseline from the top of the page. */
  y: number;
  text?: string;
  x?: number;
  size?: number;
  bold?: boolean;
  /** Several runs on the same baseline, e.g. table cells: [text, x] pairs. */
  cells?: Array<[string, number]>;
}

const PAGE_HEIGHT = 792;

/** Helvetica-like width: half an em per character. */
export function item(text: string, x: number, y: number, size = 10, bold = false): PdfTextItem {
  return { text, x, y, width: text.length * size * 0.5, fontSize: size, font: bold ? 'Helvetica-Bold' : 'Helvetica', bold, italic: false, hasEOL: false };
}

export function page(n: number, lines: SyntheticLine[]): PdfPage {
  const items = lines.flatMap((l) => (l.cells ?? [[l.text ?? '', l.x ?? 72]]).map(([text, x]) => item(text, x, l.y, l.size ?? 10, l.bold ?? false)));
  return { page: n, width: 612, height: PAGE_HEIGHT, items };
}

/** Prose lines stacked from `top` at a 13 pt leading. */
export function prose(top: number, lines: string[], x = 72): SyntheticLine[] {
  return lines.map((text, i) => ({ y: top + i * 13, text, x }));
}

export function source(pages: PdfPage[], title: string | null = null, outline: PdfOutlineEntry[] = []): PdfSource {
  return { title, pages, outline };
}
