/** Yes/no questions about which way a row of any table moved, for rows no lexicon entry names. */
import type { Table } from '../tables';
import type { DocumentTables } from './find-cell';
import { contentWords } from './match-text';
import { MIN_LABEL_CHARS } from './lookup';
import { parseExpression } from './expr';
import { askedDirection, askedYears, LABEL_PREFIX, MAX_LABEL_WORDS, monthsAsked, quarterAsked, type AskedFigure } from './question';

/**
 * A yes/no question about which way a table row moved ("Did total VaR decrease in Q2 2023 against the
 * prior year?"), asked of the row `label` the question names: its value in the two periods compared.
 * Undefined when the question is not a yes/no question about a rise or a fall.
 */
export function askedRowTrend(question: string, row: { label: string; money: boolean }): AskedFigure | undefined {
  const { label } = row;
  const way = askedDirection(question);
  if (!way) return undefined;
  const words = label.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  if (words.length === 0 || words.length > MAX_LABEL_WORDS) return undefined;
  const years = askedYears(question).list;
  const quarter = quarterAsked(question);
  const months = monthsAsked(question);
  return {
    name: label.trim(),
    expression: parseExpression(`${LABEL_PREFIX}${words.join('_')}`),
    unit: row.money ? 'currency' : 'ratio',
    from: 'line item',
    years: years.length > 2 ? [years[0], years[years.length - 1]] : years,
    aggregate: 'compare',
    yes: way,
    statements: [],
    ...(months ? { months } : {}),
    ...(quarter ? { quarter } : {}),
  };
}

/** Words of a row label that say nothing of what it measures: a label of only these ("Prior year", "Total") is never named by a question. */
const GENERIC_LABEL_WORDS = new Set(
  contentWords(
    'total totals year years fiscal quarter quarters period periods month months prior previous current same end ended ending beginning first second third fourth other net change compared',
  ),
);

/**
 * The label of the table row a question names, and whether its table prints money, (every content word of it except a leading
 * "Total", at least one of them specific), among rows printed for at least two fiscal years: the
 * longest such label, a "Total …" row first among equals (the whole, when the question names no part).
 */
export function namedRowLabel(question: string, docs: DocumentTables[]): { label: string; money: boolean } | undefined {
  const asked = new Set(contentWords(question));
  let best: { label: string; words: number; total: boolean; table: Table } | undefined;
  for (const { tables } of docs) {
    for (const table of tables) {
      if (new Set(table.columns.flatMap((c) => (c.period ? [c.period.fy] : []))).size < 2) continue;
      for (const row of table.rows) {
        const total = /^\s*total\b/i.test(row.label);
        const words = contentWords(total ? row.label.replace(/^\s*total\b/i, '') : row.label);
        if (words.length === 0 || row.label.replace(/\W/g, '').length < MIN_LABEL_CHARS) continue;
        if (!words.every((w) => asked.has(w)) || words.every((w) => GENERIC_LABEL_WORDS.has(w))) continue;
        if (best && (best.words > words.length || (best.words === words.length && (best.total || !total)))) continue;
        best = { label: row.label, words: words.length, total, table };
      }
    }
  }
  if (!best) return undefined;
  const printed = `${best.table.unitText ?? ''} ${best.table.rows.flatMap((r) => r.cells.map((c) => c.raw)).join(' ')}`;
  return { label: best.label, money: /[$€£¥]|\b(?:dollars|euros)\b/i.test(printed) };
}
