import { unscaledLabel, type StatementKind, type Table, type TableRow } from '../tables';
import { lexiconEntry, type LexiconEntry } from './lexicon';
import { rowScore } from './match';
import { contentWords } from './match-text';
import { rowSigns, type RowSigns } from './signs';
import { isMagnitudeInput } from './metrics';

/** One document's tables. */
export interface DocumentTables {
  docId: string;
  tables: Table[];
}

/** Where a value was read: the document, page, the cell's and its row's offsets, and the cell as printed. */
export interface CellRef {
  docId: string;
  page?: number;
  start: number;
  end: number;
  rowStart: number;
  rowEnd: number;
  raw: string;
  /** The row as a line ("Inventories | 1,559.3 | 1,642.2"), the passage to highlight. */
  rowText: string;
  /** 0-based value column the cell is in, to box it inside its highlighted row. */
  column: number;
}

/** A line item's value for one period, read from a cell. */
export interface FoundCell {
  quantity: string;
  fy: number;
  /** In units (the table's scale applied). */
  value: number;
  label: string;
  /** The column's end date as printed ("Dec 31, 2022", "2022"). */
  period: string;
  /** The column's fiscal quarter (by the document's own calendar) and how many months it covers, where its heading says. */
  quarter?: number;
  months?: number;
  statement?: StatementKind;
  tableTitle: string;
  /** The row's place in its table ("Net Sales" above "AWS"), and its column's heading group. */
  context?: string;
  /** How well the row matched (0–1) and the table it was in, in words. */
  score: number;
  /** Read by meaning: the similarity of its label to the input's names (see matchByMeaning). */
  meaning?: number;
  /** How well the row's label alone is the line item (rowScore, 0–1, before the table's bonuses), when read by its words. */
  match?: number;
  /** Whether the row's period figures keep one sign or carry both (a cost read as its size only when one). */
  signs?: RowSigns;
  cell: CellRef;
}

/** A row matched at least this well (rowScore's scale: 1 exact, 0.95 reordered, below 0.9 only contained) is named exactly; below it, the answer says the match is loose. */
export const EXACT_MATCH = 0.9;

/** A row must match at least this well (rowScore, 0–1) to be read. */
export const MIN_ROW_SCORE = 0.6;
/** Bonus for a table of a statement the question names. */
const NAMED_STATEMENT_BONUS = 0.15;
/** A table some of whose columns have no period (a consolidating schedule, a table of notes) is less likely the statement itself. */
const MIXED_COLUMNS_FACTOR = 0.85;
/** A primary statement ("Consolidated Statements of Income") over a schedule or an MD&A table that repeats a line. */
const CONSOLIDATED_BONUS = 0.05;
/** A primary statement's title: "Consolidated Statements of Operations", "Consolidated Balance Sheets" (not a note that mentions "the consolidated financial statements"). */
const PRIMARY_TITLE = /\bconsolidated\s+(?:statements?\s+of|balance\s+sheets?)\b/i;
/** Among rows that match equally, one in the item's own statement (not a segment or note table). */
const OWN_STATEMENT_TIE = 0.02;
/** Within a tie, a row "attributable to" the company is the shareholders' figure. */
const ATTRIBUTABLE_BONUS = 0.01;

/**
 * The best cell for a line item in a fiscal year: over every table row that matches it
 * (rowScore) and has a column of that year (annual, or `months` long when a quarter or half
 * is asked; a balance sheet's point-in-time columns always qualify), the best score, with the
 * question's named statements, fully dated tables and earlier tables preferred.
 */
export function findCell(
  docs: DocumentTables[],
  quantity: string,
  fy: number,
  options: { months?: number; quarter?: number; statements?: StatementKind[]; minScore?: number; label?: string; qualifier?: 'gross' | 'net' } = {},
): FoundCell | undefined {
  const entry = lexiconEntry(quantity);
  if (!entry) return undefined;
  let best: FoundCell | undefined;
  for (const { docId, tables } of docs) {
    for (const table of tables) {
      const column = columnFor(table, fy, options.months, entry, options.quarter);
      if (column < 0) continue;
      for (const row of table.rows) {
        // A label matched by meaning is read as if its words had matched just well enough.
        if (options.label !== undefined && !sameLabel(row.label, options.label)) continue;
        // "Gross" asked is never a row that says "net", nor the reverse.
        if (options.qualifier && contentWords(row.label).includes(options.qualifier === 'gross' ? 'net' : 'gross')) continue;
        const found = readRow(docId, table, row, column, entry, fy, options.statements ?? [], options.minScore ?? MIN_ROW_SCORE, options.label !== undefined);
        if (found && (!best || found.score > best.score + 1e-9)) best = found;
      }
    }
  }
  return best;
}

function readRow(
  docId: string,
  table: Table,
  row: TableRow,
  column: number,
  entry: LexiconEntry,
  fy: number,
  named: StatementKind[],
  minScore: number,
  meant = false,
): FoundCell | undefined {
  if (row.cells.length !== table.columns.length) return undefined;
  const cell = row.cells[column];
  // Line items are amounts: a percentage ("8.0%" of net sales) is never one.
  if (!cell || cell.percent || (cell.value === null && !/^[-—–−]+$/.test(cell.raw))) return undefined;
  let score = meant ? Math.max(minScore, rowScore(entry, row, table.statement)) : rowScore(entry, row, table.statement);
  if (score < minScore) return undefined;
  const match = score;
  // rowScore is capped at 1: among exact labels, the item's own statement still comes first.
  if (table.statement === entry.statement) score += OWN_STATEMENT_TIE;
  if (table.statement && named.includes(table.statement)) score += NAMED_STATEMENT_BONUS;
  if (table.columns.some((c) => !c.period)) score *= MIXED_COLUMNS_FACTOR;
  if (table.statement && table.statement !== 'segment table' && PRIMARY_TITLE.test(table.title)) score += CONSOLIDATED_BONUS;
  if (/\battributable\s+to\b/i.test(row.label) && !/noncontrolling|non-controlling|minority/i.test(row.label)) score += ATTRIBUTABLE_BONUS;
  return { ...cellFound(docId, table, row, column, { quantity: entry.id, fy, score }), ...(meant ? {} : { match }) };
}

/** A row of money amounts other than per share or per unit ("Gross margin | $21,368"): scaled like the table, whatever its label says. */
function moneyRow(row: TableRow): boolean {
  return row.cells.some((c) => /[$€£]/.test(c.raw)) && !/\bper\s+(?:common\s+)?(?:share|unit)\b|\bratio\b|%|\bpercent/i.test(row.label);
}

/** A row printed without a label (a total under its items) is named by what it was read as. */
function unlabelled(quantity: string): string {
  const name = lexiconEntry(quantity)?.names[0];
  return name ? `${name.charAt(0).toUpperCase()}${name.slice(1)} (a row without a label)` : 'A row without a label';
}

/**
 * What reading a row's cell found: its value in units (the table's scale applied, a percentage
 * as printed, "—" as 0), its row and column, and where it is printed.
 */
export function cellFound(docId: string, table: Table, row: TableRow, column: number, what: { quantity: string; fy: number; score: number }): FoundCell {
  const cell = row.cells[column];
  const heading = table.columns[column];
  return {
    ...what,
    // Per-share amounts, ratios and percentages are printed in units, whatever the table's unit; a "margin" printed in dollars is an amount.
    value: (cell.value ?? 0) * (cell.percent || (unscaledLabel(row.label) && !moneyRow(row)) ? 1 : table.scale),
    label: row.label.trim() || unlabelled(what.quantity),
    period: heading?.period?.label ?? heading?.label ?? '',
    ...(heading?.period?.quarter ? { quarter: heading.period.quarter } : {}),
    ...(heading?.period?.months ? { months: heading.period.months } : {}),
    ...(table.statement ? { statement: table.statement } : {}),
    tableTitle: table.title,
    // Only a cost is read by its row's signs (compute's costValue).
    ...(isMagnitudeInput(what.quantity) ? { signs: rowSigns(table, row) } : {}),
    context: [...row.path, heading?.group ?? '', heading?.label ?? ''].filter(Boolean).join(' | '),
    cell: {
      docId,
      page: row.page,
      start: cell.start,
      end: cell.end,
      rowStart: row.start,
      rowEnd: row.end,
      raw: cell.raw,
      column,
      rowText: [row.label, ...row.cells.map((c) => c.raw)].filter(Boolean).join(' | '),
    },
  };
}

/** The column of fiscal year `fy`: annual (12 months or unstated) unless a shorter period is asked; -1 when none. */
function columnFor(table: Table, fy: number, months: number | undefined, entry: LexiconEntry, quarter?: number): number {
  const pointInTime = entry.statement === 'balance sheet';
  // Columns that name their quarter ("Q2 FY24") answer only for that quarter.
  if (table.columns.some((c) => c.period?.quarter)) return table.columns.findIndex((c) => c.period?.fy === fy && c.period.quarter === quarter);
  const fits = table.columns.flatMap((c, i) => {
    const p = c.period;
    if (!p || p.fy !== fy) return [];
    return pointInTime || p.months === undefined || (months ? p.months === months : p.months === 12) ? [i] : [];
  });
  // Several columns of the same year that nothing tells apart (quarters headed "2022 | 2022 | …"): none can be trusted.
  return fits.length === 1 ? fits[0] : -1;
}

/** Whether a row's label is the one meant: the same words, ignoring case and punctuation. */
export function sameLabel(a: string, b: string): boolean {
  return contentWords(a).join(' ') === contentWords(b).join(' ');
}

/** Rows nearest a line item by its score, best first, for "not found" answers. */
export function nearestRows(
  docs: DocumentTables[],
  quantity: string,
  limit = 3,
): Array<{ docId: string; label: string; page?: number; start: number; end: number; score: number }> {
  const entry = lexiconEntry(quantity);
  if (!entry) return [];
  const out: Array<{ docId: string; label: string; page?: number; start: number; end: number; score: number }> = [];
  for (const { docId, tables } of docs) {
    for (const t of tables) for (const r of t.rows) out.push({ docId, label: r.label, page: r.page, start: r.start, end: r.end, score: rowScore(entry, r, t.statement) });
  }
  return out
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
