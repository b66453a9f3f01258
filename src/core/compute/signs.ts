/**
 * A cost or outflow read as its size, its sign read one way for every period of its row.
 *
 * Statements print costs either way: "Capital expenditures | (1,200) | (900)" (outflows negative)
 * or "Cost of revenue | 5,400 | 5,100". Taking the absolute value is right when a row keeps one
 * sign, and wrong when the row changes sign between periods: "Provision for (benefit from) income
 * taxes | (743) | 31" is a benefit one year and an expense the next, and its absolute value turns a
 * 14.8% rate into −14.8% for one year only. So:
 * - a word set in parentheses in the label says what a negative figure is (the accounting
 *   convention): "(benefit)", "(benefit from)", "(income)" → negatives are the opposite of the cost,
 *   the figure is read as printed; "(expense)", "(provision)" → negatives are the cost itself, the
 *   figure is negated;
 * - otherwise a row whose period figures have both signs is read by its table's convention: a cash
 *   flow statement, or a table whose other cost rows print negative, prints a cost negative (the
 *   figure is negated); any other table prints it positive (read as printed);
 * - a row of one sign is read as its size.
 */

import type { Table, TableRow } from '../tables';

const OPPOSITE_WORDS = 'benefit|credit|income|recovery|recoveries|proceeds|gain|refund|inflow';
const COST_WORDS = 'expense|provision|cost|charge|loss|paid|used|outflow|purchase|payment';
/** The parenthesis holds only the word (plural, with a preposition): "(benefit from)", "(expense)"; never "(exclusive of … costs)". */
const parenthesised = (words: string) => new RegExp(`\\(\\s*(?:${words})s?(?:\\s+(?:from|for|of|in|to|on))?\\s*\\)`, 'i');
const OPPOSITE = parenthesised(OPPOSITE_WORDS);
const COST = parenthesised(COST_WORDS);

/** How a row prints its figures in its period columns: one sign throughout, or both (and then which sign its table gives a cost). */
export type RowSigns = 'one' | 'mixed' | 'mixed, costs negative';

/** A row's label that names a cost or expense ("Cost of revenue", "Selling, general and administrative expenses"), not a benefit or a total of income. */
const COST_LABEL = /\b(?:costs?|expenses?)\b/i;

/** The signs of a row's figures in the columns that have a period (not a change or share-of column). */
function signsOf(table: Pick<Table, 'columns'>, row: Pick<TableRow, 'cells'>): { negative: boolean; positive: boolean } {
  let negative = false;
  let positive = false;
  row.cells.forEach((c, i) => {
    if (!table.columns[i]?.period || c.percent || c.value === null || c.value === 0) return;
    if (c.value < 0) negative = true;
    else positive = true;
  });
  return { negative, positive };
}

/** Whether a table prints its costs negative: a cash flow statement's outflows, or most of its other cost rows (each of one sign) below zero. */
function costsNegative(table: Pick<Table, 'columns' | 'rows' | 'statement'>, except: Pick<TableRow, 'cells'>): boolean {
  if (table.statement === 'cash flow statement') return true;
  let negative = 0;
  let positive = 0;
  for (const r of table.rows) {
    if (r === except || !COST_LABEL.test(r.label) || OPPOSITE.test(r.label) || COST.test(r.label)) continue;
    const s = signsOf(table, r);
    if (s.negative && !s.positive) negative++;
    else if (s.positive && !s.negative) positive++;
  }
  return negative > positive;
}

/** Whether a row's period figures carry both signs, and if so how its table prints a cost. */
export function rowSigns(table: Pick<Table, 'columns' | 'rows' | 'statement'>, row: Pick<TableRow, 'cells'>): RowSigns {
  const s = signsOf(table, row);
  if (!(s.negative && s.positive)) return 'one';
  return costsNegative(table, row) ? 'mixed, costs negative' : 'mixed';
}

/** A cost's value (positive for a cost, negative for a credit) from its printed value, its row's label and its row's signs. */
export function costValue(value: number, label: string, signs: RowSigns | undefined): number {
  if (COST.test(label)) return -value;
  if (OPPOSITE.test(label)) return value;
  if (signs === 'mixed') return value;
  if (signs === 'mixed, costs negative') return -value;
  return Math.abs(value);
}
