import type { PageSpan } from '../types';
import { cellValue, isYear } from './numbers';

/** One line of the document text, classified for table reading. */
export interface Line {
  text: string;
  start: number;
  end: number;
  page?: number;
  kind: 'blank' | 'prose' | 'short' | 'row' | 'header';
  /** For rows and header rows: the label (may be "") and the value cells with their offsets. */
  label?: string;
  cells?: Array<{ raw: string; start: number; end: number }>;
}

/** Lines without a cell separator are prose (they end a table) when longer than LONG_LINE, or longer than SHORT_LINE and ending a sentence. */
const SHORT_LINE = 110;
const LONG_LINE = 220;
const PERIOD_WORD =
  /^(?:\(?[a-z]+\)?\s+)*(?:19[89]\d|20\d\d)\)?$|^(?:19[89]\d|20\d\d|'?\d\d)\s+(?:vs\.?|versus|compared\s+(?:to|with))\s+(?:19[89]\d|20\d\d|'?\d\d)$|^(?:change|%\s*change|\$?\s*change|%|increase|\(decrease\)|increase\s*\(decrease\)|fiscal|year|q[1-4])$/i;

/** Splits text into classified lines, each with its page. */
export function readLines(text: string, pages: PageSpan[]): Line[] {
  const out: Line[] = [];
  let p = 0;
  let at = 0;
  for (const raw of text.split('\n')) {
    const start = at;
    const end = start + raw.length;
    at = end + 1;
    while (p < pages.length - 1 && pages[p].end <= start) p++;
    const page = pages.length ? pages[p].page : undefined;
    out.push(classify(raw, start, end, page));
  }
  return out;
}

function classify(raw: string, start: number, end: number, page: number | undefined): Line {
  const base = { text: raw, start, end, page };
  if (!raw.trim()) return { ...base, kind: 'blank' };
  if (!raw.includes(' | ')) return { ...base, kind: raw.length > LONG_LINE || (raw.length > SHORT_LINE && /[.;!?]\s*$|\.\s+\p{Lu}/u.test(raw)) ? 'prose' : 'short' };
  const parts: Array<{ raw: string; start: number; end: number }> = [];
  let offset = start;
  for (const part of raw.split(' | ')) {
    const lead = part.length - part.trimStart().length;
    parts.push({ raw: part.trim(), start: offset + lead, end: offset + lead + part.trim().length });
    offset += part.length + 3;
  }
  // Dot leaders ("Net cash provided by operating activities........") are not part of a label.
  parts[0] = { ...parts[0], raw: parts[0].raw.replace(/(?:\s*\.){3,}\s*$/, '') };
  const first = cellValue(parts[0].raw);
  const labelled = !first.numeric;
  const label = labelled ? parts[0].raw : '';
  const cells = labelled ? parts.slice(1) : parts;
  if (cells.length > 0 && cells.every((c) => PERIOD_WORD.test(c.raw)) && cells.some((c) => /\d{4}/.test(c.raw))) return { ...base, kind: 'header', label, cells };
  const numeric = cells.filter((c) => cellValue(c.raw).numeric).length;
  // A labelled line with a measured value among text cells ("Hemoglobin | 13.2 | g/dL | 12.0-15.5") is a row; a lone year among words is a header.
  const measured = labelled && cells.some((c) => cellValue(c.raw).numeric && !isYear(c.raw));
  if (cells.length === 0 || (numeric * 2 < cells.length && !measured))
    return { ...base, kind: numeric === 0 && cells.every((c) => !/\d/.test(c.raw)) ? 'header' : 'short', label, cells };
  return { ...base, kind: 'row', label, cells };
}
