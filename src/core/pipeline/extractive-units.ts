import type { Chunk } from '../types';
import { isTableRow } from '../chunk';
import { MONTH_NAMES, MONTH_PATTERN, segmentSentences } from '../text';
import { withoutYears } from './critic';

/** What the retrieval-only answer may quote: a sentence, a list item or a table row. */
export interface QuoteUnit {
  /** The unit, whitespace collapsed. */
  text: string;
  /** For a table row: the column header row of its table, when one was found. */
  header?: string;
  row: boolean;
}

/** "December 31" and the like: the day is not a figure. */
const MONTH_DAY = new RegExp(String.raw`\b${MONTH_PATTERN}\s+\d{1,2}\b`, 'gi');
/** Numbered references ("Item 7A", "Note 7", "page 12", "Q4"): not figures either. */
const REFERENCE = /\b(?:items?|notes?|parts?|pages?|sections?|exhibits?|schedules?|articles?|level|tier|q)\s*\d+[a-z]?(?:\.\d+)*\b/gi;
/** Names and ordinals with digits ("3M", "10-K", "COVID-19", "A320", "4th"); "5m" is an amount. */
const NAME_WITH_DIGITS = /\b\d+-?[A-Z]\b|\b\d+(?:st|nd|rd|th)\b|\b[A-Za-z]+-?\d+\w*/g;
/** Footnote marks: "[2]", "(1)". */
const FOOTNOTE = /\[\d{1,2}\]|\(\d{1,2}\)/g;
const PERIOD_WORD = /\b(?:(?:19|20)\d\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|q[1-4]|quarter|year|years|fiscal|months|weeks|ended|ending|fy\d*)/i;
const UNIT_LABEL = /^\(?\s*(?:\$|dollars|amounts)?\s*(?:in\s+)?(?:millions|thousands|billions)\b/i;
const NIL_CELL = /^[—–-]+$/;
const PAGE_CELL = /^(?:\d{1,3}|[A-Z]-\d{1,3}|[ivxlc]+)$/i;
const SECTION_PREFIX = /^(?:item|note|part|schedule|exhibit|section|appendix)\s+[\dIVX]/i;
/** "Item 7A.", "NOTE 7.": a section number alone. */
const BARE_SECTION = /^(?:item|note|part|schedule|exhibit|section|appendix)\s+[\w.]+$/i;
/** A section number before a heading: "2. ", "3.2 ". */
const HEADING_NUMBER = /^\d{1,2}(?:\.\d{1,2})*\.?\s+(?=\p{Lu})/u;
const MONTH = new RegExp(`^(?:${MONTH_NAMES.join('|')})\\b`);

/** A numbered heading of a paper or a manual ("2. Overview: Example Run", "3.2 Surge Handling", "1. Introduction"): title case after the number, no figure, comma or full stop; not a date ("31 December"). */
function isNumberedHeading(t: string): boolean {
  if (!HEADING_NUMBER.test(t)) return false;
  const rest = t.replace(HEADING_NUMBER, '');
  if (/[\d,.?!;]/.test(rest) || MONTH.test(rest) || rest.split(' ').length > 10) return false;
  return isTitleCase(rest) || /^\p{Lu}\p{Ll}+$/u.test(rest);
}
const DOTTED_LEADER = /\.{4,}|(?:\. ){3,}|…\s*(?:\||\d)|_{4,}/;
const CONTENTS = /^(?:table of contents|contents|index(?: to .*)?)$/i;
/** Small words a title-case heading leaves in lower case. */
const TITLE_SMALL = new Set('a an and as at but by for from in into of on or per the to vs via with'.split(' '));
/** Words that make a short line a clause rather than a label. */
const AUX = new Set('is are was were be been being has have had will would can could may might shall should does did do'.split(' '));

/** A line holding table cells; a row whose first cell is empty may start with "| ". */
function isRow(line: string): boolean {
  return isTableRow(line) || line.trimStart().startsWith('| ');
}

function cellsOf(line: string): string[] {
  return line.split('|').map((c) => c.trim());
}

/** The text with years, dates, numbered references and footnote marks blanked out. */
function figureText(text: string, footnotes: boolean): string {
  const t = withoutYears(text).replace(MONTH_DAY, ' ').replace(REFERENCE, ' ').replace(NAME_WITH_DIGITS, ' ');
  return footnotes ? t.replace(FOOTNOTE, ' ') : t;
}

/** A cell holding a number that is not a year, or a dash standing for nil. */
function isFigureCell(cell: string): boolean {
  return NIL_CELL.test(cell) || /\d/.test(figureText(cell, false));
}

/**
 * Whether a unit names a figure other than a year: in a table row, a cell after the label
 * holding a number; in prose, a number that is not a date, a reference or a footnote mark.
 */
export function hasFigure(text: string): boolean {
  if (isRow(text))
    return cellsOf(text)
      .slice(1)
      .some((c) => /\d/.test(figureText(c, false)));
  return /\d/.test(figureText(text, true));
}

/**
 * A column header row: after the first cell, only labels (no figure), at least one of them
 * naming a period ("2018", "December 31, 2022", "Year Ended"); or a units label such as
 * "(Millions)" over label cells.
 */
export function isColumnHeaderRow(line: string): boolean {
  if (!isRow(line)) return false;
  const cells = cellsOf(line);
  const rest = cells.slice(1).filter(Boolean);
  if (rest.length === 0 || rest.some((c) => c.length > 40 || isFigureCell(c))) return false;
  return rest.some((c) => PERIOD_WORD.test(c)) || UNIT_LABEL.test(cells[0]);
}

function isTitleCase(text: string): boolean {
  const words = text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  const capitalized = words.filter((w) => w[0] !== w[0].toLowerCase()).length;
  return capitalized >= 2 && words.every((w) => w[0] !== w[0].toLowerCase() || TITLE_SMALL.has(w.toLowerCase()));
}

/** "… | 81", "Item 8. Financial Statements and Supplementary Data 47": a contents entry. */
function endsInPageNumber(line: string): boolean {
  let label: string;
  if (isRow(line)) {
    const cells = cellsOf(line).filter(Boolean);
    if (cells.length < 2 || cells.length > 3 || !PAGE_CELL.test(cells[cells.length - 1])) return false;
    if (cells.slice(1, -1).some(isFigureCell)) return false;
    label = cells.slice(0, -1).join(' ');
  } else {
    const m = /^(.*\D)\s+(\d{1,3})$/.exec(line);
    if (!m || /[.?!;:,]$/.test(m[1])) return false;
    label = m[1];
  }
  return SECTION_PREFIX.test(label) || isTitleCase(label);
}

/**
 * Whether a line (or a sentence of one) is only a heading or a contents entry, never an
 * answer: "Table of Contents", dotted leaders, lines ending in a page number, captions
 * ending in ":", and short all-caps, title-case or label-like lines without a figure.
 */
export function isHeadingOrContentsLine(line: string): boolean {
  const t = line.replace(/\s+/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(t)) return true;
  if (CONTENTS.test(t) || DOTTED_LEADER.test(t) || endsInPageNumber(t)) return true;
  if (isRow(t)) return false;
  const words = t.split(' ');
  if (isNumberedHeading(t)) return true;
  if (words.length > 20 || /\d/.test(figureText(t, true))) return false;
  if (t.endsWith(':')) return true;
  if (/\p{Lu}/u.test(t) && !/\p{Ll}/u.test(t)) return true;
  if (BARE_SECTION.test(t)) return true;
  if (/[.?!]["')\]]?$/.test(t)) return false;
  if (isTitleCase(t) || SECTION_PREFIX.test(t)) return true;
  return words.length <= 5 && !words.some((w) => AUX.has(w.toLowerCase()));
}

/** A line of running prose: it ends a table (no header is sought above it). */
function isProse(line: string): boolean {
  const words = line.split(/\s+/).length;
  return !isRow(line) && ((/[.?!]["')\]]?$/.test(line) && words >= 6) || words >= 15);
}

/** The header row of a table that is open at the end of `before` (undefined after a paragraph break or prose). */
function openHeader(before: string): string | undefined {
  if (/\n[ \t]*\n[ \t]*$/.test(before)) return undefined;
  const lines = before.trimEnd().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (!line || isProse(line)) return undefined;
    if (isColumnHeaderRow(line)) return line;
  }
  return undefined;
}

/**
 * The units of a source in order. Every line is a unit of its own when it is a table row,
 * else it is split into sentences; headings, contents entries and column header rows are
 * left out. Each table row carries the nearest column header row above it in its table,
 * looked for in `before` (the document text preceding the source, separator included) when
 * the source starts inside a table. A table ends at a paragraph break or a line of prose.
 */
export function quoteUnits(text: string, before = ''): QuoteUnit[] {
  const units: QuoteUnit[] = [];
  let header = before ? openHeader(before) : undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line || isProse(line)) header = undefined;
    if (!line) continue;
    if (isRow(raw)) {
      if (isColumnHeaderRow(line)) header = line;
      else if (!isHeadingOrContentsLine(line)) units.push({ text: line, header, row: true });
      continue;
    }
    if (isHeadingOrContentsLine(line)) continue;
    for (const s of segmentSentences(line)) {
      if (!isHeadingOrContentsLine(s.text)) units.push({ text: s.text, row: false });
    }
  }
  return units;
}

/**
 * The document text just before chunk `firstChunkId` (at most maxChars), rebuilt from the
 * document's chunks in order: overlapping chunks are cut at their successor's start, and a
 * gap between chunks becomes "\n" (one character) or "\n\n" (more). Collection stops at a
 * paragraph break, as no table header is sought beyond one.
 */
export function textBefore(chunks: Chunk[], firstChunkId: string, maxChars = 2000): string {
  const k = chunks.findIndex((c) => c.id === firstChunkId);
  if (k <= 0) return '';
  let out = '';
  let pos = chunks[k].start;
  for (let j = k - 1; j >= 0 && out.length < maxChars; j--) {
    const c = chunks[j];
    if (c.start >= pos) continue;
    const gap = pos - c.end;
    out = c.text.slice(0, Math.min(c.text.length, pos - c.start)) + (gap >= 2 ? '\n\n' : gap === 1 ? '\n' : '') + out;
    pos = c.start;
    if (/\n[ \t]*\n/.test(out)) break;
  }
  return out.slice(-maxChars);
}
