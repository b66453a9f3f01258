/**
 * Tables read as data: the rows a parser wrote as "label | value | value" lines, with each
 * value's column period, the table's unit and the statement it belongs to. Offsets are into
 * ParsedDocument.text, half-open, like every other offset in core.
 */

/** The financial statements (and other table kinds) a table can be recognised as. */
export type StatementKind = 'balance sheet' | 'income statement' | 'cash flow statement' | 'equity statement' | 'comprehensive income' | 'segment table';

/** What a column reports: a fiscal year, a quarter or a run of months ending at a date. */
export interface Period {
  /** The fiscal year the column belongs to (a year ending in early January counts as the year before). */
  fy: number;
  /** A fiscal quarter (1–4), when the column is one. */
  quarter?: number;
  /** How many months the column covers (3, 6, 9, 12); absent for a point in time (a balance sheet date) or unknown. */
  months?: number;
  /** The end date as printed ("May 26, 2019", "2019"). */
  label: string;
}

/** One value of a row. */
export interface Cell {
  /** The number in the table's own unit (before scale), negative for "(1,577)"; null for "—" or text. */
  value: number | null;
  /** The cell as printed. */
  raw: string;
  /** Printed with a "%". */
  percent: boolean;
  /** 0-based value column (the label is not a column). */
  column: number;
  start: number;
  end: number;
}

export interface TableRow {
  /** The row's own label ("Inventories"). */
  label: string;
  /** Labels of the heading rows it is indented under, outermost first (["Current assets"]). */
  path: string[];
  start: number;
  end: number;
  /** 1-based page, when the document has pages. */
  page?: number;
  cells: Cell[];
  /** Words printed between the label and the values ("Level 1"): they describe the row and are no value column. */
  notes?: string[];
}

/** A document's tables as stored with its text, stamped with the reader's version (a newer reader reads them again). */
export interface StoredTables {
  version: number;
  tables: Table[];
}

export interface Table {
  start: number;
  end: number;
  /** 1-based page of its first row. */
  page?: number;
  /** The title or caption lines just above it (joined), possibly empty. */
  title: string;
  /** What the header row prints over the row labels ("Net Sales | 2022 | 2021" → "Net Sales"), when it prints something. */
  stub?: string;
  statement?: StatementKind;
  /** Multiply a value by this to get units (1e6 for "in millions"); 1 when none is stated. */
  scale: number;
  /** The unit as stated ("(In millions, except per share data)"), when found. */
  unitText?: string;
  /** One per value column; `group` names the block of columns it belongs to, when a header row names blocks ("Consumer Banking | Investment Bank" over "2022 | 2021 | Change" each). */
  columns: Array<{ label: string; period?: Period; group?: string }>;
  rows: TableRow[];
}
