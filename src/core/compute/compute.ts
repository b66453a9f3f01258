import { cellValue } from '../tables';
import { evaluate, formatExpression, inputsOf, isExpressionError, parseExpression } from './expr';
import { findLabelled, lookupCell } from './lookup';
import { LABEL_PREFIX, type AskedFigure } from './question';
import { STEADINESS_YEARS } from './judgements';
import { isMagnitudeInput, quantityOf, PRIOR_PREFIX } from './metrics';
import { costValue } from './signs';
import { findCell, MIN_ROW_SCORE, nearestRows, type DocumentTables, type FoundCell } from './find-cell';
import type { MeaningMatches } from './meaning';

/** One input of a computation: which quantity and year it stands for, and the cell it was read from. */
export interface FigureInput extends FoundCell {
  /** The name the expression uses ("prior_inventory", "revenue_fy2019"). */
  name: string;
}

/** The figure for one fiscal year. */
export interface FigureStep {
  fy: number;
  value: number;
  /** The computation with the values written in ("6,489 ÷ ((282 + 253) ÷ 2)"). */
  shown: string;
  /** Line items no row printed, taken as zero ("short term investments"). */
  absent?: string[];
  inputs: FigureInput[];
}

/** What Sieve computed for a question, or why it could not. */
export interface Figure {
  asked: AskedFigure;
  steps: FigureStep[];
  /** The answer's value: the year's, the average of the years', or the latest year's when comparing. */
  value?: number;
  /** For a yes/no question. */
  verdict?: 'Yes' | 'No';
  /** Inputs no table row matched, as "quantity (FY2019)". */
  missing: string[];
  /** The rows nearest a missing input, to show instead of a figure. */
  nearest: Array<{ docId: string; label: string; page?: number; start: number; end: number; score: number }>;
}

/**
 * Computes what the question asks over the documents' tables, year by year. `meaning` names the
 * row label to read for an input no row matched by words (see matchByMeaning).
 */
export function computeFigure(asked: AskedFigure, docs: DocumentTables[], meaning?: MeaningMatches): Figure {
  // One document at a time, best first: a formula never mixes two filings' cells (or their units).
  if (docs.length > 1) {
    const first = computeFigure(asked, [docs[0]], meaning);
    for (const d of first.value === undefined ? docs.slice(1) : []) {
      const next = computeFigure(asked, [d], meaning);
      if (next.value !== undefined) return next;
    }
    return first;
  }
  // A quantity that is also a metric ("debt": long-term + current): a row printed as it is comes first, else its parts.
  if (asked.quantity && asked.metric?.id === asked.quantity.id) {
    const printed = computeWith({ ...asked, expression: parseExpression(asked.quantity.id), from: 'line item' }, docs, EXACT_ROW, meaning);
    if (printed.value !== undefined) return printed;
  }
  return computeWith(asked, docs, MIN_ROW_SCORE, meaning);
}

/** How well a row must match to be read as a composite quantity's own printed line. */
const EXACT_ROW = 0.9;
/** Line items a company may simply not hold: no matching row counts as zero, and the answer says so. */
const MAY_BE_ABSENT = new Set(['short_term_investments']);

function computeWith(asked: AskedFigure, docs: DocumentTables[], minScore: number, meaning: MeaningMatches | undefined): Figure {
  const years = yearsToCompute(asked, docs);
  const steps: FigureStep[] = [];
  const missing: string[] = [];
  for (const fy of years) {
    const step = computeYear(asked, docs, fy, missing, minScore, meaning);
    if (step) steps.push(step);
  }
  const figure: Figure = { asked, steps, missing: [...new Set(missing)], nearest: [] };
  // A spread needs two years; a year a filing does not print is left out of it.
  const enough = asked.aggregate === 'spread' ? steps.length >= 2 : steps.length === years.length && steps.length > 0;
  if (!enough) {
    const first = figure.missing[0]?.split(' (')[0];
    return { ...figure, nearest: first ? nearestRows(docs, first) : [] };
  }
  const values = steps.map((s) => s.value);
  figure.value =
    asked.aggregate === 'average'
      ? values.reduce((a, b) => a + b, 0) / values.length
      : asked.aggregate === 'spread'
        ? Math.max(...values) - Math.min(...values)
        : values[values.length - 1];
  if (asked.yes === 'positive') figure.verdict = figure.value > 0 ? 'Yes' : 'No';
  else if ((asked.yes === 'up' || asked.yes === 'down') && values.length >= 2) {
    // An unchanged figure neither rose nor fell: "No" either way.
    const [first, last] = [values[0], values[values.length - 1]];
    figure.verdict = (asked.yes === 'up' ? last > first : last < first) ? 'Yes' : 'No';
  }
  return figure;
}

/** A value looked up in any table by its row and column names (see lookupCell), as a figure with one input. */
export function lookedUpFigure(question: string, docs: DocumentTables[]): Figure | undefined {
  const found = lookupCell(question, docs);
  if (!found) return undefined;
  const asked: AskedFigure = { name: found.label, expression: parseExpression('cell'), unit: 'ratio', from: 'table cell', years: [], aggregate: 'single', statements: [] };
  const input = { ...found, name: 'cell' };
  return { asked, steps: [{ fy: found.fy, value: found.value, shown: found.cell.raw, inputs: [input] }], value: found.value, missing: [], nearest: [] };
}

/** The years to compute: those asked (a comparison of one year adds the year before), else the latest year the tables print. */
function yearsToCompute(asked: AskedFigure, docs: DocumentTables[]): number[] {
  // A table without years (a lab report, a price list) is computed once, for no year (0).
  const fallback = latestYear(docs) ?? (inputsOf(asked.expression).every((n) => n.startsWith(LABEL_PREFIX)) ? 0 : undefined);
  const years = asked.years.length > 0 ? asked.years : [fallback].filter((y): y is number => y !== undefined);
  if (asked.aggregate === 'compare' && years.length === 1) return [years[0] - 1, years[0]];
  if (asked.aggregate === 'compare' && years.length > 2) return [years[0], years[years.length - 1]];
  if (asked.aggregate === 'single') return years.slice(-1);
  if (asked.aggregate === 'spread') {
    const last = years[years.length - 1];
    const first = years.length >= 2 ? years[0] : last - STEADINESS_YEARS + 1;
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  }
  return years;
}

function latestYear(docs: DocumentTables[]): number | undefined {
  let best: number | undefined;
  for (const d of docs) for (const t of d.tables) if (t.statement) for (const c of t.columns) if (c.period && (best === undefined || c.period.fy > best)) best = c.period.fy;
  return best;
}

function computeYear(asked: AskedFigure, docs: DocumentTables[], fy: number, missing: string[], minScore: number, meaning: MeaningMatches | undefined): FigureStep | undefined {
  const inputs = new Map<string, FigureInput>();
  const absent: string[] = [];
  for (const name of inputsOf(asked.expression)) {
    const { quantity, year } = inputYear(name, fy);
    const meant = meaning?.get(quantity);
    const read = readInput(
      docs,
      quantity,
      year,
      { months: asked.months, quarter: asked.quarter, statements: asked.statements, minScore, ...(asked.qualifier ? { qualifier: asked.qualifier } : {}) },
      meant,
    );
    // One printed cell is not two line items: the "Long-term debt" row is not also its current portion.
    const found =
      read && ![...inputs.values()].some((i) => i.quantity !== read.quantity && i.cell.docId === read.cell.docId && i.cell.start === read.cell.start) ? read : undefined;
    if (!found && MAY_BE_ABSENT.has(quantity)) absent.push(name);
    else if (!found) missing.push(year ? `${quantity} (FY${year})` : quantity);
    else inputs.set(name, { ...found, value: isMagnitudeInput(quantity) ? costValue(found.value, found.label, found.signs) : found.value, name });
  }
  if (inputs.size + absent.length !== inputsOf(asked.expression).length) return undefined;
  if (asked.unit !== 'currency') sameScale(inputs);
  try {
    const value = evaluate(asked.expression, (n) => inputs.get(n)?.value ?? (absent.includes(n) ? 0 : undefined));
    const shown = formatExpression(asked.expression, (n) => (inputs.has(n) ? shortValue(inputs.get(n)!) : '0'));
    return { fy, value, shown, inputs: [...inputs.values()], ...(absent.length ? { absent: absent.map((n) => inputYear(n, fy).quantity.replace(/_/g, ' ')) } : {}) };
  } catch (e) {
    if (isExpressionError(e)) {
      missing.push(e.message);
      return undefined;
    }
    throw e;
  }
}

/**
 * A ratio's inputs read from one page in two scales, one of them unstated ("Gross margin | 5,500"
 * under no unit line, "Net revenue | $14,042" under "(In millions)"): the page's tables share one
 * unit, so the unstated one takes the stated one's (else the ratio comes out a million times off).
 */
function sameScale(inputs: Map<string, FigureInput>): void {
  const scaleOf = (i: FigureInput) => {
    const printed = cellValue(i.cell.raw).value;
    return printed ? Math.abs(i.value / printed) : undefined;
  };
  const all = [...inputs.values()];
  for (const [name, i] of inputs) {
    // Share counts are printed in units beside amounts in millions: never rescaled.
    if (scaleOf(i) !== 1 || i.cell.page === undefined || /share/.test(i.quantity)) continue;
    const stated = all.map((o) => (o.cell.docId === i.cell.docId && o.cell.page === i.cell.page ? scaleOf(o) : undefined)).filter((x): x is number => x !== undefined && x >= 1e3);
    if (stated.length && stated.every((x) => x === stated[0])) inputs.set(name, { ...i, value: i.value * stated[0] });
  }
}

/** An input's cell: a label input by its words, a line item by the lexicon; failing those, the row `meant` by meaning. */
function readInput(docs: DocumentTables[], quantity: string, year: number, options: Parameters<typeof findCell>[3], meant?: { label: string; similarity: number }) {
  const byWords = (label?: string) =>
    quantity.startsWith(LABEL_PREFIX)
      ? findLabelled(docs, label ?? quantity.slice(LABEL_PREFIX.length).replace(/_/g, ' '), year)
      : findCell(docs, quantity, year, { ...options, ...(label ? { label } : {}) });
  const read = byWords();
  if (read || !meant) return read;
  const found = byWords(meant.label);
  return found && { ...found, meaning: meant.similarity };
}

/** One key per cell read: its document and offset. */
export function cellKey(i: Pick<FigureInput, 'cell'>): string {
  return `${i.cell.docId}:${i.cell.start}`;
}

/** Every cell a figure read, once each, in the order first read (an average reads a year's cells once per year). */
export function figureCells(figure: Pick<Figure, 'steps'>): FigureInput[] {
  return [...new Map(figure.steps.flatMap((s) => s.inputs).map((i) => [cellKey(i), i] as const)).values()];
}

/** The quantity and fiscal year an input name stands for in year `fy`: "prior_x" is x a year before, "x_fy2018" is x in 2018. */
export function inputYear(name: string, fy: number): { quantity: string; year: number } {
  const explicit = name.match(/^(.*)_fy(\d{4})$/);
  if (explicit) return { quantity: quantityOf(explicit[1]), year: Number(explicit[2]) };
  let back = 0;
  let rest = name;
  while (rest.startsWith(PRIOR_PREFIX)) {
    rest = rest.slice(PRIOR_PREFIX.length);
    back++;
  }
  return { quantity: rest, year: fy - back };
}

/** An input's value as its table prints it (before the table's scale), e.g. "6,489". */
function shortValue(input: FigureInput): string {
  const printed = input.cell.raw.replace(/[$€£¥\s]/g, '');
  const magnitude = /^\(.*\)$/.test(printed) ? printed.slice(1, -1) : printed.replace(/^[-−]/, '');
  // A loss stays a loss in the computation shown; a cost taken as its size is shown as its size.
  return input.value < 0 ? `−${magnitude}` : magnitude;
}
