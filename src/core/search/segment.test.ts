import { describe, expect, it } from 'vitest';
import { buildSegment, chunkIdAt, findTerm, hasPosting, isSegment, ordinalOf } from './segment';

const split = (t: string) => t.split(/\s+/).filter(Boolean);
const lower = (t: string) => (t === 'the' ? null : t.toLowerCase());

describe('buildSegment', () => {
  const seg = buildSegment(
    [
      { id: 'doc#0', text: 'Pears and apples' },
      { id: 'doc#1', text: 'the pears pears' },
      { id: 'doc#2', text: 'Figs' },
    ],
    split,
    lower,
  );

  it('keeps ids that follow the chunk pattern as a prefix only, and finds ordinals both ways', () => {
    expect(seg.idPrefix).toBe('doc#');
    expect(seg.chunkIds).toBeNull();
    expect([0, 1, 2].map((i) => chunkIdAt(seg, i))).toEqual(['doc#0', 'doc#1', 'doc#2']);
    expect(['doc#2', 'doc#3', 'doc#01', 'other#1', 'doc#x'].map((id) => ordinalOf(seg, id))).toEqual([2, -1, -1, -1, -1]);
  });

  it('finds each term with its postings and frequencies, and not absent or dropped ones', () => {
    const pears = findTerm(seg, 'pears');
    expect(pears).toBeGreaterThanOrEqual(0);
    expect(Array.from(seg.postings.subarray(seg.termStarts[pears], seg.termStarts[pears + 1]))).toEqual([0, 1]);
    expect(Array.from(seg.freqs.subarray(seg.termStarts[pears], seg.termStarts[pears + 1]))).toEqual([1, 2]);
    expect(hasPosting(seg, pears, 1)).toBe(true);
    expect(hasPosting(seg, pears, 2)).toBe(false);
    expect(findTerm(seg, 'figs')).toBeGreaterThanOrEqual(0);
    expect(findTerm(seg, 'the')).toBe(-1);
    expect(findTerm(seg, 'kiwis')).toBe(-1);
    // Lengths count distinct raw tokens, as MiniSearch does.
    expect(Array.from(seg.lengths)).toEqual([3, 2, 1]);
  });

  it('lists ids that do not follow the pattern', () => {
    const odd = buildSegment(
      [
        { id: 'a', text: 'x' },
        { id: 'b#7', text: 'y' },
      ],
      split,
      lower,
    );
    expect(odd.idPrefix).toBeNull();
    expect(odd.chunkIds).toEqual(['a', 'b#7']);
    expect(ordinalOf(odd, 'b#7')).toBe(1);
  });

  it('accepts what it built and refuses damaged or foreign values', () => {
    expect(isSegment(seg)).toBe(true);
    expect(isSegment(structuredClone(seg))).toBe(true);
    expect(isSegment({ ...seg, version: 1 })).toBe(false);
    expect(isSegment({ ...seg, postings: new Uint16Array([9, 9, 9, 9, 9]) })).toBe(false);
    expect(isSegment({ ...seg, termAt: seg.termAt.slice(1) })).toBe(false);
    expect(isSegment('{"index":1}')).toBe(false);
    expect(isSegment(null)).toBe(false);
  });

  it('uses 32-bit postings past 65,536 chunks', () => {
    const big = buildSegment(
      Array.from({ length: 70_000 }, (_, i) => ({ id: `d#${i}`, text: i % 2 ? 'odd' : 'even' })),
      split,
      lower,
    );
    expect(big.postings).toBeInstanceOf(Uint32Array);
    const even = findTerm(big, 'even');
    expect(big.postings[big.termStarts[even + 1] - 1]).toBe(69_998);
  });
});
