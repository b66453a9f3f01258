import { describe, expect, it } from 'vitest';
import { detailText, runningLabel, secondsText } from './pipeline-labels';

describe('detailText', () => {
  it('reads a stage’s details in words, not as keys', () => {
    expect(detailText({ candidates: 40, dense: true })).toBe('40 candidates · by keywords and meaning');
    // The answer stage says what its opening is, not "figure: true" for a finding that is no figure.
    expect(detailText({ extractive: true, finding: true })).toContain('Sieve’s own finding first, then the passages');
    expect(detailText({ candidates: 12, dense: false })).toBe('12 candidates · by keywords only');
    expect(detailText({ kept: 9, duplicates: 1, keptForFigures: 0 })).toBe('9 kept · 1 near-duplicate removed');
    expect(detailText({ threshold: 0.41666, rule: 'mean', kept: 4 })).toBe('threshold 0.42 · μ · 4 kept');
    expect(detailText({ skipped: 'no LLM' })).toBe('skipped (no LLM)');
    expect(detailText({ used: 2, cited: 1, sources: 3, threshold: 0.5 })).toBe('2 used · 1 cited · 3 sources · threshold 0.50');
    expect(detailText({ by: 'grade', used: 5, chars: 2400 })).toBe('ordered by grade · 5 chunks used · 2,400 characters');
  });

  it('says what the model’s Yes or No weighed, and whether its margin was enough to lead', () => {
    const choose = { verdict: 'Yes', yes: 0.738, no: 0.146, unknown: 0.116, margin: 0.593, needs: 0.8, units: 5 };
    expect(detailText(choose)).toBe(
      'verdict: Yes · P(Yes) 0.738 · P(No) 0.146 · P(Unknown) 0.116 · margin 0.593 · too close to lead (margin 0.8 needed) · 5 sentences and rows read',
    );
    expect(detailText({ ...choose, margin: 0.9 })).toContain('it leads (margin 0.8 needed)');
    expect(detailText({ ...choose, verdict: 'Unknown' })).toContain('Unknown leads nothing');
  });

  it('falls back to spaced words for a detail it does not know, and leaves out empty ones', () => {
    expect(detailText({ newThing: 3, other: undefined })).toBe('new thing: 3');
  });
});

describe('runningLabel', () => {
  it('counts model calls from the first, with the time left once the pace is known', () => {
    expect(runningLabel('grade', { done: 0, total: 20, startedMs: 0 })).toBe('Grading 1 of 20…');
    expect(runningLabel('grade', { done: 2, total: 20, startedMs: 0, secondsLeft: 40 })).toBe('Grading 3 of 20 · about 40 s left…');
    expect(runningLabel('grade', { done: 20, total: 20, startedMs: 0 })).toBe('Grading 20 of 20…');
    expect(runningLabel('judge', { done: 1, total: 4, startedMs: 0, secondsLeft: 125 })).toBe('The LLM is reading chunk 2 of 4 · about 2 min 5 s left…');
    expect(runningLabel('grade')).toBe('Grading…');
  });

  it('writes seconds as seconds or minutes', () => {
    expect(secondsText(38.4)).toBe('38 s');
    expect(secondsText(120)).toBe('2 min');
  });
});
