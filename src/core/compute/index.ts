/**
 * Figures computed from table cells. Reads what a question asks (a line item, a standard metric
 * from one documented table, or a formula the question defines), finds each input's row by a
 * lexicon of standard line-item names (US GAAP and IFRS), failing that by meaning (embedded row
 * labels), and its column by fiscal year, evaluates
 * the formula with a small arithmetic parser (never `eval`), and writes the answer with every
 * input cited: the figure, the computation and the cells it came from.
 */
export { askedFigure, askedPeriod, askedYears, definedFigure } from './question';
export type { AskedFigure } from './question';
export { cellKey, computeFigure, figureCells, inputYear, lookedUpFigure } from './compute';
export { lookupCell } from './lookup';
export { askedRowTrend, namedRowLabel } from './row-trend';
export type { Figure, FigureInput, FigureStep } from './compute';
export { findCell, nearestRows, sameLabel, MIN_ROW_SCORE } from './find-cell';
export { matchByMeaning, MEANING_MIN_SIMILARITY } from './meaning';
export type { MeaningMatches } from './meaning';
export type { CellRef, DocumentTables, FoundCell } from './find-cell';
export { figureAnswer, figureText, inputPeriodText, inputValueText, scaleWord } from './answer-text';
export type { FigureText } from './answer-text';
export { parseExpression, evaluate, formatExpression, inputsOf, ExpressionError, isExpressionError } from './expr';
export type { Expr } from './expr';
export { METRICS, findMetric, metricById } from './metrics';
export type { Metric, MetricUnit } from './metrics';
export { LEXICON, lexiconEntry } from './lexicon';
export type { LexiconEntry } from './lexicon';
export { quantityIn, quantitiesIn, rowScore, labelMatch } from './match';
export { contentWords } from './match-text';
export { formatValue, roundingAsked } from './rounding';
export { programCells, programOfThought, programPrompt } from './program';
export type { ProgramOutcome } from './program';
