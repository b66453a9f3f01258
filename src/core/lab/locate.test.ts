import { describe, expect, it } from 'vitest';
import { evidenceLocator, locateEvidence, union } from './locate';

const text = 'Intro line.\n\nTotal revenue was 4.2 billion dollars, up 12 percent.\n\nOther matters follow here on page two.';
const pages = [
  { page: 1, start: 0, end: 60 },
  { page: 2, start: 60, end: text.length },
];

describe('locateEvidence', () => {
  it('finds an exact match', () => {
    const r = locateEvidence(text, pages, 'Total revenue was 4.2 billion dollars');
    expect(r.method).toBe('exact');
    expect(text.slice(r.regions[0].start, r.regions[0].end)).toBe('Total revenue was 4.2 billion dollars');
  });

  it('ignores whitespace and case differences', () => {
    const r = locateEvidence(text, pages, '  TOTAL revenue\n was   4.2 BILLION ');
    expect(r.method).toBe('exact');
    expect(text.slice(r.regions[0].start, r.regions[0].end)).toBe('Total revenue was 4.2 billion');
  });

  it('falls back to the best window holding at least 60% of the words', () => {
    const r = locateEvidence(text, pages, 'Total revenue was 4.3 billion euros, up 12 percent');
    expect(r.method).toBe('fuzzy');
    expect(text.slice(r.regions[0].start, r.regions[0].end)).toBe('Total revenue was 4.2 billion dollars, up 12 percent');
  });

  it('uses the evidence pages when the text is not found, else reports it unlocatable', () => {
    const missing = 'nothing of this appears anywhere at all';
    expect(locateEvidence(text, pages, missing, [2])).toEqual({ method: 'pages', regions: [{ start: 60, end: text.length }] });
    expect(locateEvidence(text, pages, missing)).toEqual({ method: 'unlocatable', regions: [] });
    expect(locateEvidence(text, [], missing, [2]).method).toBe('unlocatable');
  });

  it('locates several parts separately and falls back to pages if any is missing', () => {
    const both = locateEvidence(text, pages, ['Intro line', 'page two']);
    expect(both.method).toBe('exact');
    expect(both.regions).toHaveLength(2);
    expect(locateEvidence(text, pages, ['Intro line', 'zebra quagga okapi'], [1]).method).toBe('pages');
  });

  it('merges overlapping regions', () => {
    expect(
      union([
        { start: 5, end: 9 },
        { start: 0, end: 6 },
        { start: 12, end: 13 },
      ]),
    ).toEqual([
      { start: 0, end: 9 },
      { start: 12, end: 13 },
    ]);
  });
});

describe('evidenceLocator', () => {
  it('answers as locateEvidence for each question of one document', () => {
    const text = 'Revenue rose to 5 million in 2022. Costs fell sharply. The board met twice.';
    const pages = [{ page: 1, start: 0, end: text.length }];
    const locate = evidenceLocator(text, pages);
    for (const [evidence, evPages] of [['costs fell sharply'], ['the board met', [1]], ['nothing like this at all', [1]], ['absent words here']] as const) {
      expect(locate(evidence, evPages)).toEqual(locateEvidence(text, pages, evidence, evPages));
    }
  });
});
