import type { Table, TableRow } from '../tables';
import { contentWords } from './match-text';
import { cellFound, type DocumentTables, type FoundCell } from './find-cell';

/** A question that asks for one value ("What is …", "How much …", "How many …"), not a list or a reason. */
const ASKS_VALUE = /^\s*(?:what(?:'s|\s+is|\s+was)\b|how\s+(?:much|many|high|low)\b)/i;
/** A row label must be at least this long to be named by a question (a one-letter code is not). */
export const MIN_LABEL_CHARS = 4;

/**
 * A value looked up in any table by words: the row whose label the question names in full
 * (every content word of it), and the column whose heading it names, else the first column
 * holding a number (or the latest fiscal year, or the year the question names). For tables that
 * are not financial statements: a lab report, an invoice, a price list.
 */
export function lookupCell(question: string, docs: DocumentTables[]): FoundCell | undefined {
  if (!ASKS_VALUE.test(question)) return undefined;
  const asked = new Set(contentWords(question));
  const years = new Set((question.match(/\b(?:19|20)\d\d\b/g) ?? []).map(Number));
  let best: FoundCell | undefined;
  for (const { docId, tables } of docs) {
    for (const table of tables) {
      for (const row of table.rows) {
        const rowScore = named(row.label, asked);
        if (rowScore === 0) continue;
        const column = chooseColumn(table, row, asked, years);
        // A one-word label (a company's name, "Total") is named by chance too often unless the question also names the column.
        if (!column || (rowScore < 1.2 && column.score < 0.5)) continue;
        const score = rowScore + column.score;
        if (best && best.score >= score) continue;
        best = cellFound(docId, table, row, column.index, { quantity: 'cell', fy: table.columns[column.index]?.period?.fy ?? 0, score });
      }
    }
  }
  return best;
}

/** How fully a question names a label: 0 unless every content word of it is asked; longer labels score higher. */
function named(label: string, asked: Set<string>): number {
  const words = contentWords(label);
  if (words.length === 0 || label.replace(/\W/g, '').length < MIN_LABEL_CHARS) return 0;
  return words.every((w) => asked.has(w)) ? 1 + 0.1 * words.length : 0;
}

function chooseColumn(table: Table, row: TableRow, asked: Set<string>, years: Set<number>): { index: number; score: number } | undefined {
  if (row.cells.length !== table.columns.length && table.columns.length > 1) return undefined;
  const byHeading = table.columns
    .map((c, index) => ({ index, words: c.period ? [] : contentWords(c.label) }))
    .filter((c) => c.words.length > 0 && c.words.every((w) => asked.has(w)))
    .sort((a, b) => b.words.length - a.words.length)[0];
  if (byHeading) return { index: byHeading.index, score: 0.5 };
  const dated = table.columns.map((c, index) => ({ index, fy: c.period?.fy })).filter((c) => c.fy !== undefined);
  if (dated.length > 0) {
    const named = dated.find((c) => years.has(c.fy!));
    if (named) return { index: named.index, score: 0.5 };
    if (years.size > 0) return undefined;
    return { index: dated.reduce((a, b) => (b.fy! > a.fy! ? b : a)).index, score: 0.1 };
  }
  const numeric = row.cells.findIndex((c) => c.value !== null);
  return numeric >= 0 ? { index: numeric, score: 0.1 } : undefined;
}

/** A row of any table whose label reads as `phrase` (the same content words), its value in year `fy` (or its first number, for a table without years). */
export function findLabelled(docs: DocumentTables[], phrase: string, fy: number): FoundCell | undefined {
  const wanted = contentWords(phrase);
  if (wanted.length === 0) return undefined;
  for (const { docId, tables } of docs) {
    for (const table of tables) {
      for (const row of table.rows) {
        const words = contentWords(row.label);
        if (words.length !== wanted.length || !words.every((w) => wanted.includes(w))) continue;
        const index = fy ? table.columns.findIndex((c) => c.period?.fy === fy) : row.cells.findIndex((c) => c.value !== null);
        if (!row.cells[index] || row.cells[index].value === null) continue;
        return cellFound(docId, table, row, index, { quantity: `label:${phrase}`, fy, score: 1 });
      }
    }
  }
  return undefined;
}
