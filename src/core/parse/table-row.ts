import { flattenLine } from '../text';

const CURRENCY = /^[$€£¥]$/;
const CLOSER = /^[%)]+$|^\)%$/;

/**
 * One table row as one line: cells joined with " | ". A lone currency sign is glued to the
 * next cell and a lone "%" or ")" to the previous one, as financial tables split them.
 * Empty cells are dropped unless `keepEmpty` (then inner ones hold their column's place).
 * Returns "" for a row without text.
 */
export function tableRow(rawCells: string[], keepEmpty = false): string {
  const cells: string[] = [];
  let prefix = '';
  for (const raw of rawCells) {
    const cell = flattenLine(raw);
    if (CURRENCY.test(cell)) {
      prefix += cell;
    } else if (CLOSER.test(cell) && cells.length > 0 && cells[cells.length - 1] !== '') {
      cells[cells.length - 1] += cell;
    } else if (cell || keepEmpty) {
      cells.push(prefix + cell);
      prefix = '';
    }
  }
  if (prefix) cells.push(prefix);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells.some((c) => c !== '') ? cells.join(' | ') : '';
}
