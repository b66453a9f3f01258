import type { Period } from './types';
import { isYear } from './numbers';
import { fiscalYearOf, MONTH_NAMES, MONTH_PATTERN, monthNumber } from '../text';

const MONTH_DAY = new RegExp(String.raw`\b(${MONTH_PATTERN})\s+(\d{1,2})\b`, 'gi');
const YEAR = /(?<![\d,.$])(?:19[89]\d|20\d\d)(?![\d,.%])/g;
const DURATION = /\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b|\b(quarters?)\b|\b((?:fiscal\s+)?years?)\b/gi;
const WORD_MONTHS: Record<string, number> = { three: 3, '3': 3, six: 6, '6': 6, nine: 9, '9': 9, twelve: 12, '12': 12 };

/**
 * Each value column's period, read from the header lines above a table (nearest last) and the
 * header rows inside it: a pipe-separated row of years lines up with the columns; otherwise the
 * years are taken in order. "Three months ended | Six months ended" splits the columns into
 * groups. A month and day ("May 26,", "January 28, 2017") sets the fiscal year by its date.
 */
export function columnPeriods(headerLines: string[], columns: number): Array<Period | undefined> {
  const out: Array<Period | undefined> = new Array(columns).fill(undefined);
  const text = headerLines.join('\n');
  const quarters = alignedQuarters(headerLines, columns);
  if (quarters) return quarters;
  const years = alignedYears(headerLines, columns) ?? bareYears(text, columns);
  if (!years) return out;
  // Dates and durations from the heading rows, not a caption sentence above them; the caption's where the rows print none.
  const rows = headerRows(headerLines);
  const datesIn = (t: string) => [...t.matchAll(MONTH_DAY)].map((m) => ({ month: monthNumber(m[1])!, day: Number(m[2]) }));
  const dates = datesIn(rows).length ? datesIn(rows) : datesIn(text);
  const months = durations(rows, columns);
  // One date per dated column, in order, where there are as many ("July 1, | June 25, | July 1, | June 25," over
  // "2023 | 2022 | Change | 2023 | 2022 | Change"): the k-th column with a year takes the k-th date.
  const dated = years.map((y, i) => (y === undefined ? -1 : i)).filter((i) => i >= 0);
  const inOrder = dates.length > 1 && dates.length === dated.length && years.length === columns;
  // Each date over a group of sub-columns ("Jun 30, 2023 | Jun 30, 2022" over "Avg. | Min | Max | Avg. | Min | Max").
  const sub = years.length < columns ? repeatedHeadings(headerLines, columns, years.length) : undefined;
  const per = sub ? columns / years.length : 1;
  for (let i = 0; i < columns; i++) {
    const g = Math.floor(i / per);
    const y = years[g];
    if (y === undefined) continue;
    const date = dates.length === 0 ? undefined : dates.length === 1 ? dates[0] : inOrder ? dates[dated.indexOf(i)] : dates[Math.min(g, dates.length - 1)];
    const label = date ? `${MONTH_NAMES[date.month - 1].slice(0, 3)} ${date.day}, ${y}` : String(y);
    out[i] = { fy: fiscalYearOf(y, date?.month, date?.day), label: sub ? `${label} ${sub[i]}` : label, ...(months[i] ? { months: months[i] } : {}) };
  }
  return out;
}

/** The sub-headings of a header row that repeats one group per period ("Avg. | Min | Max" twice over six columns), when there is one. */
function repeatedHeadings(lines: string[], columns: number, groups: number): string[] | undefined {
  if (groups < 2 || columns % groups !== 0) return undefined;
  const per = columns / groups;
  for (let i = lines.length - 1; i >= 0; i--) {
    let cells = lines[i].split(' | ').map((c) => c.trim());
    if (cells.length === columns + 1) cells = cells.slice(1);
    if (cells.length !== columns || cells.some((c) => (c.match(YEAR) ?? []).length > 0 || !/\p{L}/u.test(c))) continue;
    if (cells.every((c, j) => j < per || c === cells[j - per])) return cells;
  }
  return undefined;
}

const QUARTER = /\bQ([1-4])\s*(?:FY\s?'?)?((?:19|20)?\d\d)\b|\b(first|second|third|fourth)\s+quarter\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)\b/i;
const ORDINALS = ['first', 'second', 'third', 'fourth'];

/** A fiscal quarter a header cell names ("Q2 FY24", "Q3 2023", "Second quarter of fiscal 2024"). */
export function quarterIn(cell: string): Period | undefined {
  const m = cell.match(QUARTER);
  if (!m) return undefined;
  const quarter = m[1] ? Number(m[1]) : ORDINALS.indexOf(m[3].toLowerCase()) + 1;
  const raw = m[2] ?? m[4];
  const fy = raw.length === 2 ? 2000 + Number(raw) : Number(raw);
  return { fy, quarter, months: 3, label: cell.trim() };
}

/** Quarters from the nearest pipe row whose cells line up with the columns and name fiscal quarters. */
function alignedQuarters(lines: string[], columns: number): Array<Period | undefined> | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i].includes(' | ')) continue;
    let cells = lines[i].split(' | ').map((c) => c.trim());
    if (cells.length === columns + 1 && !quarterIn(cells[0])) cells = cells.slice(1);
    if (cells.length === columns && cells.some((c) => quarterIn(c))) return cells.map(quarterIn);
  }
  return undefined;
}

/** Years from the nearest pipe row whose cells line up with the columns (a leading label cell allowed). */
function alignedYears(lines: string[], columns: number): Array<number | undefined> | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i].includes(' | ')) continue;
    let cells = lines[i].split(' | ').map((c) => c.trim());
    if (cells.length === columns + 1 && !yearIn(cells[0])) cells = cells.slice(1);
    if (cells.length !== columns || !cells.some((c) => yearIn(c) !== undefined)) continue;
    return cells.map(yearIn);
  }
  return undefined;
}

/** A header naming a change between periods ("Increase (decrease) 2023", "% change", "Variance"): its column is no period. */
const CHANGE_HEADING = /\b(?:change|increase|decrease|variance|growth|vs\.?|versus)\b|%/i;

function yearIn(cell: string): number | undefined {
  if (CHANGE_HEADING.test(cell)) return undefined;
  const m = cell.match(YEAR);
  if (!m || m.length !== 1) return undefined;
  return isYear(m[0]) ? Number(m[0]) : undefined;
}

/** The years of the header text in order, when they are as many as the columns (or the last `columns` of them). */
function bareYears(text: string, columns: number): number[] | undefined {
  const all = (text.match(YEAR) ?? []).map(Number);
  if (all.length === 0) return undefined;
  if (all.length >= columns) return all.slice(all.length - columns);
  // Fewer years than columns: "Six months ended June 30, 2023" over one column, or years then "% change" columns.
  return all;
}

/** Months each column covers, from "Three months ended | Six months ended" groups (undefined: a point in time or not said). */
/**
 * The header lines that print the table's column headings: the rows of cells ("Three Months Ended |
 * Nine Months Ended") and short lines, not a caption sentence ("… for the three- and nine-month
 * periods ended …", whose durations would count as column groups).
 */
function headerRows(lines: string[]): string {
  const rows = lines.filter((l) => !CAPTION_SENTENCE.test(l.trim()));
  return (rows.length ? rows : lines).join('\n');
}

/** A caption written as a sentence: it ends with a colon or a full stop, or says "the following table shows". */
const CAPTION_SENTENCE = /^[^|]{40,}[:.]$|^[^|]*\bthe\s+following\b[^|]*$/i;

function durations(text: string, columns: number): Array<number | undefined> {
  const groups: number[] = [];
  for (const m of text.matchAll(DURATION)) {
    if (m[1]) groups.push(WORD_MONTHS[m[1].toLowerCase()]);
    else if (m[2]) groups.push(3);
    else groups.push(12);
  }
  if (groups.length === 0) return new Array(columns).fill(undefined);
  if (columns % groups.length !== 0) return new Array(columns).fill(groups.length === 1 ? groups[0] : undefined);
  const per = columns / groups.length;
  return Array.from({ length: columns }, (_, i) => groups[Math.floor(i / per)]);
}
