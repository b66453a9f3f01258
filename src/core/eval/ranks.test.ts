import { describe, expect, it } from 'vitest';
import type { Chunk } from '../types';
import { evidenceRank, summarizeRanks } from './ranks';

const chunk = (id: string, pageStart: number, pageEnd: number, length: number): Chunk =>
  ({ id, docId: 'd', index: 0, text: 'x'.repeat(length), start: 0, end: length, pageStart, pageEnd, sectionPath: [], sentenceStart: 0, sentenceEnd: 1 }) as Chunk;

describe('evidenceRank', () => {
  it('finds the first chunk touching an evidence page and the characters ranked above it', () => {
    const ranked = [chunk('a', 1, 1, 100), chunk('b', 2, 3, 50), chunk('c', 7, 8, 30), chunk('d', 8, 8, 10)];
    expect(evidenceRank(ranked, new Set([8]))).toEqual({ rank: 3, charsBefore: 150 });
    expect(evidenceRank(ranked, new Set([3]))).toEqual({ rank: 2, charsBefore: 100 });
    expect(evidenceRank(ranked, new Set([42]))).toEqual({ rank: 0, charsBefore: 190 });
  });
});

describe('summarizeRanks', () => {
  it('gives the median rank, the share within each k, and questions never reached', () => {
    const s = summarizeRanks(
      [
        { rank: 1, charsBefore: 0 },
        { rank: 4, charsBefore: 900 },
        { rank: 12, charsBefore: 3000 },
        { rank: 0, charsBefore: 9999 },
      ],
      [1, 5, 20],
    );
    expect(s).toEqual({
      questions: 4,
      medianRank: 4,
      within: [
        { k: 1, share: 0.25 },
        { k: 5, share: 0.5 },
        { k: 20, share: 0.75 },
      ],
      never: 1,
      medianCharsBefore: 900,
    });
  });
});
