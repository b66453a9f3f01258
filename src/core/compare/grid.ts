import { contentWords } from '../compute';
import { cellNumber, type Grid, type GridRow } from '../tables';
import type { Comparison, ComparedRow } from './compare';
import type { AskedComparison } from './question';

/** A document's grids (tables of any kind), to compare rows by a column the question names. */
export interface DocumentGrids {
  docId: string;
  grids: Grid[];
  /** 1-based page of an offset, when the document has pages. */
  pageOf?: (offset: number) => number | undefined;
}

/** A column must be named by at least this share of the question's words that do not name the rows. */
const MIN_COLUMN_MATCH = 0.3;

/**
 * "Which serial type has the smallest storage size?", "Which got the bigger speedup: Calls or
 * Binary operations?" over a table of any document: the rows are those the question names (the
 * items it offers, or the rows whose label holds a word it uses), the column the one whose heading
 * (else whose cells) best holds the question's other words; each row's number in that column is
 * compared. Undefined when no table has two such rows with numbers.
 */
export function compareGrids(question: string, asked: AskedComparison, docs: DocumentGrids[]): Comparison | undefined {
  const items = offeredItems(question);
  let best: { score: number; comparison: Comparison } | undefined;
  for (const d of docs) {
    for (const grid of d.grids) {
      const found = compareGrid(grid, d, asked, items);
      if (found && (!best || found.score > best.score)) best = found;
    }
  }
  return best?.comparison;
}

function compareGrid(grid: Grid, d: DocumentGrids, asked: AskedComparison, items: string[]): { score: number; comparison: Comparison } | undefined {
  const width = grid.rows[0]?.cells.length ?? 0;
  if (width < 2) return undefined;
  // Words that name the table (its title, the heading of its label column: "Which field of the heap tuple header …") name neither rows nor column.
  const naming = (grid.title + ' ' + (grid.header?.cells[0]?.text ?? '')).toLowerCase();
  const namesTable = (w: string) => w.length >= 4 && naming.includes(w);
  const { rows, rowWords } = rowsNamed(grid, asked, items, namesTable);
  if (!rows) return undefined;
  const metric = new Set(asked.metric);
  const label = (r: GridRow) => r.cells[0].text;
  // The column: its heading's words (twice) and its cells' words among the question's words that name neither the rows nor the table.
  const wanted = [...metric].filter((w) => !rowWords.has(w) && !namesTable(w));
  const { column, columnScore } = chooseColumn(grid, rows, wanted);
  // Offered items found as rows name the table; else the column must hold enough of the question's other words.
  const match = columnScore / (2 * Math.max(1, wanted.length));
  if (column < 0 || (items.length < 2 && match < MIN_COLUMN_MATCH)) return undefined;
  const ranked: ComparedRow[] = [];
  for (const r of rows) {
    const cell = r.cells[column];
    const value = cell ? cellNumber(cell.text) : undefined;
    if (value === undefined) continue;
    const page = d.pageOf?.(cell.start);
    ranked.push({
      name: label(r),
      value,
      cells: [
        {
          docId: d.docId,
          ...(page !== undefined ? { page } : {}),
          rowStart: r.start,
          rowEnd: r.end,
          start: cell.start,
          end: cell.end,
          raw: cell.text,
          value,
          column: grid.header?.cells[column]?.text ?? `column ${column + 1}`,
        },
      ],
    });
  }
  if (ranked.length < 2) return undefined;
  ranked.sort((a, b) => (asked.direction === 'max' ? b.value - a.value : a.value - b.value));
  // A tie at the top is no winner.
  if (ranked[0].value === ranked[1].value) return undefined;
  const heading = grid.header?.cells[column]?.text ?? `column ${column + 1}`;
  const page = d.pageOf?.(grid.start);
  const name = grid.title || grid.header?.cells.map((c) => c.text).join(' | ') || 'a table';
  return {
    score: match + (items.length >= 2 ? 1 : 0),
    comparison: {
      asked: { ...asked, measure: 'level' },
      docId: d.docId,
      table: `“${name}”${page !== undefined ? ` (page ${page})` : ''}`,
      columns: `“${heading}”`,
      ranked,
      leftOut: [],
      money: false,
      percent: ranked.every((r) => /%/.test(r.cells[0].raw)),
      match: Math.min(1, match + (rows.length < grid.rows.length ? 0.2 : 0)),
    },
  };
}

/** The column a question names among a table's columns of numbers: by its heading's words (twice), a unit its numbers print (twice), its cells' words; the one column of numbers when the question names no measure. */
function chooseColumn(grid: Grid, rows: GridRow[], wanted: string[]): { column: number; columnScore: number } {
  const width = grid.rows[0]?.cells.length ?? 0;
  const numeric = (j: number) => rows.filter((r) => cellNumber(r.cells[j]?.text ?? '') !== undefined);
  let column = -1;
  let columnScore = 0;
  for (let j = 1; j < width; j++) {
    const head = new Set(contentWords(grid.header?.cells[j]?.text ?? ''));
    const numbers = numeric(j);
    const cells = new Set(rows.flatMap((r) => contentWords(r.cells[j]?.text ?? '')));
    // A unit every number of the column prints ("8 bytes") names it as its heading would.
    const unit = (w: string) => numbers.length >= 2 && numbers.every((r) => contentWords(r.cells[j].text).includes(w));
    const score = wanted.filter((w) => head.has(w) || unit(w)).length * 2 + wanted.filter((w) => cells.has(w) && !head.has(w) && !unit(w)).length;
    if (numbers.length >= 2 && score > columnScore) {
      column = j;
      columnScore = score;
    }
  }
  // A question that names no measure ("Which field … is the smallest?") reads the table's one column of numbers, if it has one.
  const numbered = [...Array(width).keys()].slice(1).filter((j) => numeric(j).length >= 2);
  if (wanted.length === 0 && numbered.length === 1) {
    column = numbered[0];
    columnScore = 2 * MIN_COLUMN_MATCH;
  }
  return { column, columnScore };
}

/** The rows a question names: the items it offers (each must be a row), else those whose label holds one of its words, else all; and the words that named them. */
function rowsNamed(grid: Grid, asked: AskedComparison, items: string[], namesTable: (w: string) => boolean): { rows?: GridRow[]; rowWords: Set<string> } {
  const metric = new Set(asked.metric.filter((w) => !namesTable(w)));
  const label = (r: GridRow) => r.cells[0].text;
  if (items.length >= 2) {
    const rows = items.map((item) => rowNamed(grid.rows, item)).filter((r): r is GridRow => r !== undefined);
    return new Set(rows).size < 2 ? { rowWords: new Set() } : { rows, rowWords: new Set(items.flatMap((i) => contentWords(i))) };
  }
  const named = grid.rows.filter((r) => contentWords(label(r)).some((w) => metric.has(w)) || [...metric].some((w) => w.length >= 4 && label(r).toLowerCase().includes(w)));
  if (named.length < 2) return { rows: grid.rows, rowWords: new Set() };
  return { rows: named, rowWords: new Set([...metric].filter((w) => named.some((r) => label(r).toLowerCase().includes(w)))) };
}

/** The items a question offers to choose between: "…: real or double precision?", "…, \\uxxxx or \\Uxxxxxxxx?", "between A and B", "'l' (long) or 'q' (long long)". */
export function offeredItems(question: string): string[] {
  const q = question.trim().replace(/\?+$/, '');
  const clause = /(?::|,)\s*([^:,]*?(?:,\s*[^:,]+?)*\s+(?:or|vs\.?|versus)\s+[^:,]+)$/i.exec(q)?.[1] ?? /\bbetween\s+(.+?\s+and\s+.+)$/i.exec(q)?.[1];
  if (!clause) return [];
  return clause
    .split(/\s*,\s*|\s+(?:or|vs\.?|versus|and)\s+/i)
    .map((s) =>
      s
        .replace(/^(?:the|a|an)\s+/i, '')
        // A gloss after the item ("'l' (long)") is no part of its name.
        .replace(/(?<=\S)\s*\([^()]*\)$/, '')
        .replace(/^["'“‘`]+|["'”’`]+$/g, '')
        .trim(),
    )
    .filter((s) => s.length > 0);
}

/** A row label that is the offered item: the same words, case and marks aside ("Binary operations" for "binary operations"), or the last words of it. */
function sameItem(label: string, item: string, caseSensitive: boolean): boolean {
  const norm = (s: string) =>
    (caseSensitive ? s : s.toLowerCase())
      .replace(/[“”"'`*]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  // Or the item wraps the label in words of the measure: "the maximum number of query parameters" for "query parameters".
  return norm(label) === norm(item) || (norm(item).length >= 4 && norm(label).startsWith(`${norm(item)} `)) || (norm(label).length >= 6 && norm(item).endsWith(` ${norm(label)}`));
}

/** The row an offered item names: printed exactly as offered (case and all) first, else by its words. */
function rowNamed(rows: GridRow[], item: string): GridRow | undefined {
  return rows.find((r) => sameItem(r.cells[0].text, item, true)) ?? rows.find((r) => sameItem(r.cells[0].text, item, false));
}
