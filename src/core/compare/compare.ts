import { contentWords, type DocumentTables } from '../compute';
import type { Table, TableRow } from '../tables';
import { compareActivities } from './activities';
import { acrossTables, candidates, columnBlocks, subtotalsOf, SUM_TOLERANCE, tableWords, valueAt, type Candidate, type Member } from './sets';
import type { AskedComparison } from './question';

/** One row compared: its name, the cells read and the value compared (in the table's units, scale applied). */
export interface ComparedRow {
  name: string;
  value: number;
  /** The cells read: one for a level, the earlier and later for a change. */
  cells: ComparedCell[];
}

export interface ComparedCell {
  docId: string;
  /** 1-based page. */
  page?: number;
  /** The row's offsets, to cite and highlight it. */
  rowStart: number;
  rowEnd: number;
  /** The cell's offsets and text as printed. */
  start: number;
  end: number;
  raw: string;
  /** The value in units (the table's scale applied; a percentage as printed). */
  value: number;
  /** The column's name ("2022", "Three Months Ended June 30, 2023"). */
  column: string;
}

/** A row that was not compared, and why ("a total", "no value for 2022"). */
export interface LeftOut {
  name: string;
  why: string;
  /** The row left out, when it is one of the table's (a total, a subtotal): a total of the compared rows gives the winner's share. */
  member?: Member;
}

/** What comparing found: the rows in order (winner first), where they were read, and what was left out. */
export interface Comparison {
  asked: AskedComparison;
  docId: string;
  /** The table compared, in words: its stub or title and page ("“Net Sales” (Business Segment Information, page 124)"). */
  table: string;
  /** The column(s) compared: one period, or "2021 to 2022". */
  columns: string;
  /** Compared rows, best first by the question's direction. */
  ranked: ComparedRow[];
  leftOut: LeftOut[];
  /** The table's values are amounts of money (a currency sign in a cell or the unit). */
  money: boolean;
  /** Whether the values are percentages as printed. */
  percent: boolean;
  /** How well the table's labels matched what the question names (0–1): below STRONG_MATCH the answer says the match was weak. */
  match: number;
  /** For a level: the winner's share of a printed row that totals exactly the rows compared ("82.0% of Short-term investments"). */
  share?: { of: string; percent: number; cell: ComparedCell };
}

/** Where retrieval found the question's evidence: a weight (0–1] for each page of each document. */
export type PageHints = ReadonlyMap<string, ReadonlyMap<number, number>>;

/** A set matched this well or better names what the question asks; below it the answer says the table was matched loosely. */
export const STRONG_MATCH = 0.6;
/** How much a table on a page retrieval ranked high counts, against the words it matches (which count 1). */
const PAGE_HINT_WEIGHT = 0.5;
/** Naming the kind of row the question compares ("segment") in the table's title or stub. */
const SET_NOUN_WEIGHT = 0.25;
/** A table some of whose columns have no period is less likely to be read right. */
const MIXED_COLUMNS_FACTOR = 0.85;
/** A set's words that only the title holds count this much of one near the rows. */
const FAR_WEIGHT = 0.7;
/** Below this match, a set is compared only on a page retrieval ranked high (PageHints ≥ MIN_HINT); below LEAST_MATCH, never. */
const MIN_MATCH = 0.5;
const LEAST_MATCH = 0.25;
const MIN_HINT = 0.5;
/** Words in a table's context that mean its rows are a kind of set the question names. */
const SET_WORDS: Record<string, RegExp> = {
  segment: /\bsegments?\b/i,
  region: /\b(?:regions?|regional|geograph\w*|areas?)\b/i,
  market: /\b(?:markets?|countr(?:y|ies)|geograph\w*)\b/i,
  category: /\b(?:categor(?:y|ies)|products?|brands?|franchises?|disaggregat\w*)\b/i,
  business: /\b(?:business(?:es)?|divisions?|units?|groups?|segments?)\b/i,
  activity: /\bactivit(?:y|ies)\b/i,
  liability: /\bliabilit(?:y|ies)\b/i,
  asset: /\bassets?\b/i,
  expense: /\b(?:expenses?|costs?)\b/i,
  customer: /\bcustomers?\b/i,
  release: /\b(?:releases?|versions?)\b/i,
  model: /\b(?:models?|methods?)\b/i,
};

/**
 * Compares the rows of one table as the question asks: the candidate sets are the runs of rows
 * under one heading in every table of the documents (a segment table's "Operating income" rows),
 * and the rows that share a label under different headings (each segment's "Net sales"); the set
 * whose title, stub and headings best name what the question measures, on a page retrieval ranked
 * high, wins. Totals and "Corporate / Other" rows are left out unless the question names them. The
 * three cash-flow activities are read by their line items. Undefined when no set has two rows
 * with values in the asked period.
 */
export function compareRows(asked: AskedComparison, docs: DocumentTables[], hints: PageHints = new Map()): Comparison | undefined {
  if (asked.set === 'activity' || /\bactivit/.test(asked.metric.join(' ')) || (asked.metric.includes('cash') && asked.metric.includes('flow'))) {
    const activities = compareActivities(asked, docs);
    if (activities) return activities;
  }
  // Words the documents' tables never print ("delivered", "saw") cannot tell their tables apart: what is compared is the rest.
  asked = { ...asked, metric: asked.metric.filter((w) => tableWords(docs).has(w)) };
  const scored: Array<{ c: Candidate; columns: number[] }> = [];
  for (const { docId, tables } of docs) {
    const offers = tables.map((table) => ({ table, columns: columnsFor(asked, table), sets: candidates(docId, table, asked) }));
    offers.push(...[...acrossTables(docId, tables, asked), ...columnBlocks(docId, tables, asked)].map((c) => ({ table: c.table, columns: columnsFor(asked, c.table), sets: [c] })));
    for (const { table, columns: byPeriod, sets } of offers) {
      if (!byPeriod) continue;
      for (const c of sets) {
        // A table without periods: the column whose heading names what is compared ("Variance"); with several value
        // columns and none named, which one is meant cannot be told.
        const named = namedColumn(asked, table);
        if (table.columns.every((col) => !col.period) && named === undefined && table.columns.length > 1) continue;
        const columns = table.columns.every((col) => !col.period) ? [named ?? 0] : byPeriod;
        if (table.columns.every((col) => !col.period)) c.near = [c.near, table.columns[columns[0]]?.label].filter(Boolean).join(' · ');
        const withValues = c.members.filter((m) => columns.every((col) => valueAt(m.row, col) !== undefined));
        if (withValues.length < 2) continue;
        c.score = scoreCandidate(asked, c, hints);
        if (c.score === -Infinity) continue;
        scored.push({ c, columns });
      }
    }
  }
  // The best set that still has two rows to compare once totals, percentages and rows without values are left out (earlier tables first among equals).
  scored.sort((a, b) => b.c.score - a.c.score);
  for (const { c, columns } of scored) {
    const result = ranked(asked, c, columns);
    // Rows all of one name ("Current quarter vs prior year quarter" under each of several headings) are not a set to choose from.
    if (result.ranked.length >= 2 && new Set(result.ranked.map((r) => r.name.toLowerCase())).size > 1) return result;
  }
  return undefined;
}

/** The value column whose heading shares the most words with what is compared; undefined when none does. */
function namedColumn(asked: AskedComparison, table: Table): number | undefined {
  let best: number | undefined;
  let bestShared = 0;
  const asks = asked.words ?? asked.metric;
  table.columns.forEach((col, i) => {
    const words = new Set(contentWords(col.label));
    const shared = asks.filter((w) => words.has(w)).length;
    if (shared > bestShared) {
      best = i;
      bestShared = shared;
    }
  });
  return best;
}

/** The column(s) to read: the asked period (or the latest), and for a change the one before it (or the first asked). */
function columnsFor(asked: AskedComparison, table: Table): number[] | undefined {
  const periods = table.columns.map((c, i) => ({ i, p: c.period })).filter((c) => c.p !== undefined) as Array<{ i: number; p: NonNullable<Table['columns'][number]['period']> }>;
  if (periods.length === 0) {
    // A table without periods (a manual's options, a paper's results): its first value column, for a level only.
    return asked.measure === 'level' && asked.years.length === 0 && table.columns.length > 0 ? [0] : undefined;
  }
  const fits = (p: (typeof periods)[number]['p']) =>
    asked.quarter
      ? p.quarter === asked.quarter || (p.months === asked.months && p.quarter === undefined)
      : asked.months
        ? p.months === asked.months
        : p.months === undefined || p.months === 12;
  let usable = periods.filter((c) => fits(c.p));
  if (usable.length === 0 && !asked.months) usable = periods;
  // A level "in H1" or "in Q2" of a balance is read at the period's end: the table's point-in-time columns.
  if (usable.length === 0 && asked.measure === 'level') usable = periods.filter((c) => c.p.months === undefined);
  if (usable.length === 0) return undefined;
  // The first column of a year (a table prints the latest period first; later columns may be changes or other groups).
  const firstOf = (fy: number) => usable.find((c) => c.p.fy === fy)?.i;
  const years = [...new Set(usable.map((c) => c.p.fy))].sort((a, b) => b - a);
  const last = asked.years.length ? asked.years[asked.years.length - 1] : years[0];
  const at = firstOf(last);
  if (at === undefined) return undefined;
  if (asked.measure === 'level') return [at];
  const earlierYear = asked.years.length >= 2 ? asked.years[0] : years.find((y) => y < last);
  const before = earlierYear !== undefined ? firstOf(earlierYear) : undefined;
  return before === undefined ? undefined : [before, at];
}

function scoreCandidate(asked: AskedComparison, c: Candidate, hints: PageHints): number {
  const near = new Set(contentWords(c.near));
  const far = new Set(contentWords(c.far));
  const metric = asked.metric;
  c.match = metric.length ? metric.reduce((n, w) => n + (near.has(w) ? 1 : far.has(w) ? FAR_WEIGHT : 0), 0) / metric.length : 0.5;
  const page = c.members[0]?.row.page;
  const hint = page !== undefined ? (hints.get(c.docId)?.get(page) ?? 0) : 0;
  const setRe = asked.set ? SET_WORDS[asked.set] : undefined;
  const setNamed = setRe !== undefined && (setRe.test(`${c.near} ${c.far}`) || (asked.set === 'segment' && c.table.statement === 'segment table'));
  // Too little evidence that these rows are what the question compares.
  if (metric.length > 0 && (c.match < LEAST_MATCH || (c.match < MIN_MATCH && hint < MIN_HINT))) return -Infinity;
  if (metric.length === 0 && !setNamed && hint < MIN_HINT) return -Infinity;
  // Rows named by the metric itself are line items of one thing, not the set the question compares ("Operating income" of one segment).
  const memberWords = new Set(c.members.flatMap((m) => contentWords(m.name)));
  const selfNamed = metric.length > 0 && metric.every((w) => memberWords.has(w));
  let score = c.match + (setNamed ? SET_NOUN_WEIGHT : 0) + PAGE_HINT_WEIGHT * hint;
  if (!asked.set && !metric.length) score -= SET_NOUN_WEIGHT;
  if (c.table.columns.some((col) => !col.period)) score *= MIXED_COLUMNS_FACTOR;
  if (selfNamed) score *= 0.5;
  return score;
}

/** The members ranked by the asked measure and direction, with what was left out. */
function ranked(asked: AskedComparison, c: Candidate, columns: number[]): Comparison {
  const { table } = c;
  const factor = (m: Member, col: number) => (m.row.cells[col]?.percent ? 1 : m.table.scale);
  const leftOut = [...c.leftOut];
  const rows: ComparedRow[] = [];
  // The rows are compared in one kind of value: amounts, or percentages if most cells are (a percentage has no percent change).
  const percentCells = c.members.filter((m) => columns.some((col) => m.row.cells[col]?.percent)).length;
  const inPercent = percentCells * 2 > c.members.length;
  const subtotals = subtotalsOf(asked, c, columns[columns.length - 1]);
  for (const m of c.members) {
    if (subtotals.has(m)) {
      leftOut.push({ name: m.name, why: 'a subtotal', member: m });
      continue;
    }
    const isPercent = columns.some((col) => m.row.cells[col]?.percent);
    if (isPercent !== inPercent || (inPercent && asked.measure === 'change' && asked.changeIn === 'percent')) {
      leftOut.push({ name: m.name, why: isPercent ? 'a percentage' : 'an amount among percentages' });
      continue;
    }
    const values = columns.map((col) => valueAt(m.row, col));
    if (values.some((v) => v === undefined)) {
      leftOut.push({ name: m.name, why: `no value in ${columns.map((col) => m.table.columns[col].label).join(' and ')}` });
      continue;
    }
    const cells = columns.map((col, i) => cellOf(c.docId, m.table, m.row, col, (values[i] as number) * factor(m, col)));
    const [a, b] = cells.map((x) => x.value);
    let value = a;
    if (asked.measure === 'change') {
      if (asked.changeIn === 'percent') {
        if (a === 0) {
          leftOut.push({ name: m.name, why: 'zero in the earlier period, so no percent change' });
          continue;
        }
        value = ((b - a) / Math.abs(a)) * 100;
      } else value = b - a;
    }
    rows.push({ name: m.name, value, cells });
  }
  rows.sort((x, y) => (asked.direction === 'max' ? y.value - x.value : x.value - y.value));
  const share = asked.measure === 'level' && !inPercent ? shareOfTotal(c, rows, leftOut, columns[0]) : undefined;
  const percent = columns.some((col) => c.members.some((m) => m.row.cells[col]?.percent));
  const money = /\$|dollars/i.test(`${table.unitText ?? ''} ${table.rows.flatMap((r) => r.cells.map((x) => x.raw)).join(' ')}`);
  // The table as a reader finds it: its stub ("Operating Performance") or its title's first line, and its page.
  const titleLine = short(table.title.split(' · ')[0] ?? '');
  const label = table.stub ?? (titleLine || short(c.near.split(' · ')[0] ?? ''));
  const where = [table.stub && titleLine && titleLine !== label ? titleLine : '', c.members[0]?.row.page !== undefined ? `page ${c.members[0].row.page}` : '']
    .filter(Boolean)
    .join(', ');
  return {
    asked,
    docId: c.docId,
    table: `${label ? `“${label}”` : 'a table'}${where ? ` (${where})` : ''}`,
    columns: columns.map((col) => table.columns[col].label).join(' to '),
    ranked: rows,
    leftOut: leftOut.map(({ name, why }) => ({ name, why })),
    money,
    percent,
    match: c.match,
    ...(share ? { share } : {}),
  };
}

/** The winner's share of a left-out row whose value is the sum of exactly the compared rows (within SUM_TOLERANCE), when one is printed. */
function shareOfTotal(c: Candidate, rows: ComparedRow[], leftOut: LeftOut[], column: number): Comparison['share'] {
  if (rows.length < 2) return undefined;
  const sum = rows.reduce((n, r) => n + r.value, 0);
  for (const l of leftOut) {
    const m = l.member;
    const v = m ? valueAt(m.row, column) : undefined;
    if (!m || v === undefined || v === 0) continue;
    const total = v * (m.row.cells[column]?.percent ? 1 : m.table.scale);
    if (Math.abs(total - sum) > SUM_TOLERANCE * Math.abs(total) || rows[0].value / total < 0 || rows[0].value / total > 1) continue;
    return { of: l.name, percent: (rows[0].value / total) * 100, cell: cellOf(c.docId, m.table, m.row, column, total) };
  }
  return undefined;
}

/** Long titles (a sentence introducing the table) are cut to TITLE_SHOWN characters at a word. */
const TITLE_SHOWN = 80;
function short(text: string): string {
  const t = text.trim().replace(/[:.]\s*$/, '');
  return t.length <= TITLE_SHOWN ? t : `${t.slice(0, t.lastIndexOf(' ', TITLE_SHOWN)).replace(/[,;:]$/, '')}…`;
}

function cellOf(docId: string, table: Table, row: TableRow, column: number, value: number): ComparedCell {
  const cell = row.cells[column];
  return { docId, page: row.page, rowStart: row.start, rowEnd: row.end, start: cell.start, end: cell.end, raw: cell.raw, value, column: table.columns[column].label };
}
