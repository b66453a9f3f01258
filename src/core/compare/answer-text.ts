import { scaleWord } from '../compute';
import { STRONG_MATCH, type ComparedCell, type ComparedRow, type Comparison } from './compare';

/** How many rows the answer names after the winner. */
const RUNNERS_UP = 1;

/**
 * The comparison written for a reader, answer first: the winning row with its value and citation,
 * the runner-up, then which table and column were compared and which rows were left out and why.
 * A table matched loosely says so. `sourceOf` gives a cell's source number (its chunk), if cited.
 */
export function comparisonText(c: Comparison, sourceOf: (cell: ComparedCell) => number | undefined): string {
  const [first, ...rest] = c.ranked;
  if (!first) return '';
  const cite = (r: ComparedRow) => {
    const ns = [...new Set(r.cells.map(sourceOf).filter((n): n is number => n !== undefined))];
    return ns.length ? ` ${ns.map((n) => `[${n}]`).join('')}` : '';
  };
  const how = `the ${c.asked.phrase}`;
  const share = c.share ? `, ${c.share.percent.toFixed(1)}% of ${c.share.of} (${cellText(c, c.share.cell)})` : '';
  const lines = [`${first.name}: ${how}, ${valueText(c, first)}${share}${cite(first)}.`];
  const next = rest.slice(0, RUNNERS_UP);
  if (next.length) lines[0] += ` Next: ${next.map((r) => `${r.name}, ${valueText(c, r)}${cite(r)}`).join('; ')}.`;
  const compared = `Sieve compared ${c.ranked.length} rows of ${c.table}, ${c.asked.measure === 'change' ? `from ${c.columns.replace(' to ', ' to ')}` : `column ${c.columns}`}.`;
  const left = c.leftOut.length ? ` Left out: ${c.leftOut.map((l) => `${l.name} (${l.why})`).join('; ')}.` : '';
  const loose = c.match < STRONG_MATCH ? ' The table was matched loosely: its title and headings do not name everything the question asks, so check it is the one meant.' : '';
  return `${lines[0]}\n\n${compared}${left}${loose}`;
}

/** A row's value as the answer shows it: the cell as printed with its unit, or the change with both cells. */
function valueText(c: Comparison, r: ComparedRow): string {
  if (c.asked.measure === 'level') return `${cellText(c, r.cells[0])} (${r.cells[0].column})`;
  const [then, now] = r.cells;
  const change = c.asked.changeIn === 'percent' ? `${signed(r.value, 1)}%` : amountText(c, r.value, now);
  return `${change} (${cellText(c, then)} in ${then.column} to ${cellText(c, now)} in ${now.column})`;
}

function cellText(c: Comparison, cell: ComparedCell): string {
  if (c.percent || /%/.test(cell.raw)) return /%/.test(cell.raw) ? cell.raw : `${cell.raw}%`;
  // A money table prints "$" on its first and total rows only: every amount is shown with it.
  return `${c.money && !/[$€£¥]/.test(cell.raw) ? '$' : ''}${cell.raw.trim()}${scaleWordOf(cell)}`;
}

function amountText(c: Comparison, value: number, like: ComparedCell): string {
  const word = scaleWordOf(like);
  const divisor = word === ' billion' ? 1e9 : word === ' million' ? 1e6 : word === ' thousand' ? 1e3 : 1;
  const shown = value / divisor;
  const decimals = Number.isInteger(Math.round(shown * 100) / 100) ? 0 : Math.abs(shown) < 100 ? 1 : 0;
  const text = Math.abs(shown).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${value < 0 ? '-' : '+'}${c.money ? '$' : ''}${text}${word}`;
}

/** The scale a cell's printed number was multiplied by, in words. */
function scaleWordOf(cell: ComparedCell): string {
  return scaleWord(cell.raw, cell.value);
}

function signed(value: number, decimals: number): string {
  const t = Math.abs(value).toFixed(decimals);
  return `${value < 0 ? '-' : '+'}${t}`;
}
