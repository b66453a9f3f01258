/**
 * Row comparisons computed from tables: "Which segment had the highest operating income?",
 * "Which region's sales fell most?", "Which of the three cash-flow activities brought in the most
 * cash?". Reads what the question compares (askedComparison), finds the set of rows in one table
 * that it names (compareRows: rows under one heading, or one label under several headings, or the
 * three cash-flow activities), ranks them by level or change in the asked period, and writes the
 * winner first with its value, the runner-up, the table and column compared and what was left out
 * (comparisonText). Tables of any document (a manual's attribute table, a paper's results) are
 * compared by the column the question names (compareGrids).
 */
export { askedComparison, askedSet } from './question';
export type { AskedComparison } from './question';
export { compareRows, STRONG_MATCH } from './compare';
export type { ComparedCell, ComparedRow, Comparison, LeftOut, PageHints } from './compare';
export { comparisonText } from './answer-text';
export { compareGrids, offeredItems } from './grid';
export type { DocumentGrids } from './grid';
