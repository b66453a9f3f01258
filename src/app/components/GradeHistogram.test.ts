import { describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../core/pipeline';
import { gradeBins } from './GradeHistogram';

const row = (final: number, verdict: CandidateRow['verdict'], extra: Partial<CandidateRow> = {}) => ({ final, verdict, ...extra }) as CandidateRow;

/** The bins' [from, to) ranges holding at least one row of the given kind. */
function filled(bins: ReturnType<typeof gradeBins>, kind: 'passed' | 'leftOut' | 'other') {
  return bins[kind].flatMap((n, i) => (n > 0 ? [[bins.edges[i], bins.edges[i + 1]]] : []));
}

describe('the grade histogram', () => {
  it('draws every row that cleared the threshold right of it and every other row left of it, even inside one tenth', () => {
    const rows = [row(0.61, 'kept'), row(0.58, 'below-threshold'), row(0.9, 'over-budget'), row(0.2, 'below-floor'), row(0.64, 'outside-segments')];
    const bins = gradeBins(rows, 0.6);
    expect(bins.edges).toContain(0.6);
    for (const [from] of [...filled(bins, 'passed'), ...filled(bins, 'leftOut')]) expect(from).toBeGreaterThanOrEqual(0.6);
    for (const [, to] of filled(bins, 'other')) expect(to).toBeLessThanOrEqual(0.6);
    // Kept apart from those that cleared T but were left out (over the budget, outside the segments), as the list says.
    expect(bins.passed.reduce((a, b) => a + b)).toBe(1);
    expect(bins.leftOut.reduce((a, b) => a + b)).toBe(2);
    expect(bins.other.reduce((a, b) => a + b)).toBe(2);
  });

  it('splits the tenth the threshold falls in, so no bar straddles the line', () => {
    const bins = gradeBins([row(0.55, 'kept'), row(0.52, 'below-threshold')], 0.537);
    expect(filled(bins, 'passed')).toEqual([[0.537, 0.6]]);
    expect(filled(bins, 'other')).toEqual([[0.5, 0.537]]);
  });

  it('puts a row on the side its verdict says when grade and threshold differ only past the printed precision', () => {
    const bins = gradeBins([row(0.59996, 'kept'), row(0.60001, 'below-threshold')], 0.6);
    expect(filled(bins, 'passed')).toEqual([[0.6, 0.7]]);
    expect(filled(bins, 'other')).toEqual([[0.5, 0.6]]);
  });

  it('counts a chunk brought in only as a segment’s context as below the threshold', () => {
    const bins = gradeBins([row(0.3, 'below-threshold', { source: 1 })], 0.6);
    expect(bins.passed.reduce((a, b) => a + b)).toBe(0);
    expect(filled(bins, 'other')).toEqual([[0.3, 0.4]]);
  });

  it('leaves rows the LLM judged where their grade is, and says so', () => {
    const bins = gradeBins([row(0.3, 'kept', { judged: { grade: 0.3, relevant: true } })], 0.6);
    expect(bins.byLlm).toBe(true);
    expect(filled(bins, 'passed')).toEqual([[0.3, 0.4]]);
  });
});
