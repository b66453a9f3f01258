import type { AttributionTotals } from '../attribution';
import { markdownTable } from './metrics';

/** A mean over the questions that have a value, and how many do. */
export interface MeanOf {
  mean: number | null;
  n: number;
}

/** A config's attribution figures averaged over its questions (nulls skipped). */
export interface AttributionSummary {
  name: string;
  questions: number;
  /** Questions whose answer was measured (an answer with sources, not "not found"). */
  measured: number;
  attributed: MeanOf;
  citedShare: MeanOf;
  usedShare: MeanOf;
  meanUtilization: MeanOf;
  completeness: MeanOf;
}

export const ATTRIBUTION_FIGURES = ['attributed', 'citedShare', 'usedShare', 'meanUtilization', 'completeness'] as const;

/**
 * Averages AttributionReport totals over questions: per figure, the mean of the questions where
 * it is not null (a question without a report, undefined or null, counts for none of them).
 */
export function summarizeAttribution(name: string, totals: Array<AttributionTotals | null | undefined>): AttributionSummary {
  const measured = totals.filter((t): t is AttributionTotals => t != null);
  const meanOf = (figure: (typeof ATTRIBUTION_FIGURES)[number]): MeanOf => {
    const xs = measured.flatMap((t) => (t[figure] === null ? [] : [t[figure]]));
    return { mean: xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null, n: xs.length };
  };
  return {
    name,
    questions: totals.length,
    measured: measured.length,
    attributed: meanOf('attributed'),
    citedShare: meanOf('citedShare'),
    usedShare: meanOf('usedShare'),
    meanUtilization: meanOf('meanUtilization'),
    completeness: meanOf('completeness'),
  };
}

/** The attribution summaries as a Markdown table: each figure's mean and, in brackets, how many questions it covers. */
export function formatAttributionTable(rows: AttributionSummary[]): string {
  const head = ['config', 'measured', 'attributed', 'cited', 'used', 'utilization', 'completeness'];
  const cell = (m: MeanOf) => (m.mean === null ? '– (0)' : `${m.mean.toFixed(3)} (${m.n})`);
  const body = rows.map((r) => [r.name, `${r.measured}/${r.questions}`, ...ATTRIBUTION_FIGURES.map((f) => cell(r[f]))]);
  return markdownTable(head, body);
}
