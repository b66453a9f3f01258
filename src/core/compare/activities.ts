import { findCell, type DocumentTables, type FoundCell } from '../compute';
import type { ComparedCell, ComparedRow, Comparison } from './compare';
import type { AskedComparison } from './question';

/** The three cash-flow activities, by their lexicon line items. */
const ACTIVITIES: Array<[string, string]> = [
  ['operating_cash_flow', 'Operating activities'],
  ['investing_cash_flow', 'Investing activities'],
  ['financing_cash_flow', 'Financing activities'],
];

/** "Which of operating, investing and financing activities …": the three cash-flow totals of the asked year. */
export function compareActivities(asked: AskedComparison, docs: DocumentTables[]): Comparison | undefined {
  const fyOf = (cells: Array<FoundCell | undefined>) => cells.every((x) => x !== undefined);
  const latest = () => {
    for (let fy = new Date().getFullYear(); fy >= 1990; fy--) {
      const found = ACTIVITIES.map(([q]) => findCell(docs, q, fy, { statements: ['cash flow statement'] }));
      if (fyOf(found)) return { fy, found };
    }
    return undefined;
  };
  const last = asked.years.length ? asked.years[asked.years.length - 1] : undefined;
  const at = last !== undefined ? { fy: last, found: ACTIVITIES.map(([q]) => findCell(docs, q, last, { statements: ['cash flow statement'] })) } : latest();
  if (!at || !fyOf(at.found)) return undefined;
  const found = at.found as FoundCell[];
  const before =
    asked.measure === 'change'
      ? ACTIVITIES.map(([q]) => findCell(docs, q, asked.years.length >= 2 ? asked.years[0] : at.fy - 1, { statements: ['cash flow statement'] }))
      : undefined;
  if (before && !fyOf(before)) return undefined;
  const cellFrom = (f: FoundCell): ComparedCell => ({
    docId: f.cell.docId,
    page: f.cell.page,
    rowStart: f.cell.rowStart,
    rowEnd: f.cell.rowEnd,
    start: f.cell.start,
    end: f.cell.end,
    raw: f.cell.raw,
    value: f.value,
    column: f.period,
  });
  const rows: ComparedRow[] = found.map((f, i) => {
    const now = cellFrom(f);
    if (!before) return { name: ACTIVITIES[i][1], value: f.value, cells: [now] };
    const then = cellFrom(before[i] as FoundCell);
    const value = asked.changeIn === 'percent' && then.value !== 0 ? ((now.value - then.value) / Math.abs(then.value)) * 100 : now.value - then.value;
    return { name: ACTIVITIES[i][1], value, cells: [then, now] };
  });
  rows.sort((x, y) => (asked.direction === 'max' ? y.value - x.value : x.value - y.value));
  return {
    asked,
    docId: found[0].cell.docId,
    table: `the cash flow statement (${found[0].tableTitle || 'net cash by activity'}${found[0].cell.page !== undefined ? `, page ${found[0].cell.page}` : ''})`,
    columns: before ? `${before[0]!.period} to ${found[0].period}` : found[0].period,
    ranked: rows,
    leftOut: [],
    money: true,
    percent: false,
    match: 1,
  };
}
