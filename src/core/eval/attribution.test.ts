import { describe, expect, it } from 'vitest';
import type { AttributionTotals } from '../attribution';
import { formatAttributionTable, summarizeAttribution } from './attribution';

function totals(t: Partial<AttributionTotals>): AttributionTotals {
  return {
    sources: 2,
    cited: 1,
    used: 1,
    both: 1,
    citedNotUsed: 0,
    usedNotCited: 0,
    attributed: 0.5,
    citedShare: 0.5,
    usedShare: 0.5,
    bothShare: 0.5,
    meanUtilization: 0.4,
    completeness: 1,
    keySentences: 2,
    coveredKeySentences: 2,
    answerSentences: 1,
    unknownCitations: [],
    threshold: 0.6,
    ...t,
  };
}

describe('summarizeAttribution', () => {
  it('averages each figure over the questions that have it, skipping nulls and unmeasured questions', () => {
    const s = summarizeAttribution('pipeline-llm', [
      totals({ attributed: 1, citedShare: 1, usedShare: 0, meanUtilization: null, completeness: 0.5 }),
      totals({ attributed: 0.5, citedShare: 0, usedShare: 0.5, meanUtilization: 0.2, completeness: null }),
      undefined,
      null,
    ]);
    expect(s).toMatchObject({ name: 'pipeline-llm', questions: 4, measured: 2 });
    expect(s.attributed).toEqual({ mean: 0.75, n: 2 });
    expect(s.citedShare).toEqual({ mean: 0.5, n: 2 });
    expect(s.usedShare).toEqual({ mean: 0.25, n: 2 });
    expect(s.meanUtilization).toEqual({ mean: 0.2, n: 1 });
    expect(s.completeness).toEqual({ mean: 0.5, n: 1 });
  });

  it('gives null means with no values, and formats them as a table', () => {
    const s = summarizeAttribution('none', [undefined]);
    expect(s.measured).toBe(0);
    expect(s.attributed).toEqual({ mean: null, n: 0 });
    const table = formatAttributionTable([s, summarizeAttribution('one', [totals({})])]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/config.*attributed.*cited.*used.*utilization.*completeness/);
    expect(lines[2]).toContain('0/1');
    expect(lines[2]).toContain('– (0)');
    expect(lines[3]).toContain('0.500 (1)');
  });
});
