import { describe, expect, it } from 'vitest';
import { highlightRanges, splitByRanges } from './highlight';

describe('highlight', () => {
  it('marks whole words matching the terms, case-insensitively', () => {
    const text = 'Revenue rose; revenues and REVENUE differ.';
    const ranges = highlightRanges(text, ['revenue']);
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['Revenue', 'REVENUE']);
  });

  it('splits into plain and marked parts that rebuild the text, keeping markup as text', () => {
    const text = '<b>Cash</b> rose';
    const parts = splitByRanges(text, highlightRanges(text, ['cash']));
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['Cash']);
  });

  it('returns no ranges without terms', () => {
    expect(highlightRanges('anything', [])).toEqual([]);
  });
});
