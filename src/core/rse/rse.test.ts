import { describe, expect, it } from 'vitest';
import { bestSegments } from './segments';
import { chunkValues, rankDecayedRelevance } from './values';

const doc = (docId: string, values: number[], lengths = values.map(() => 100)) => ({ docId, values, lengths });
const limits = { maxChunks: 10, budget: 10_000, minValue: 0 };

describe('chunkValues', () => {
  it('is relevance minus the penalty, and minus the penalty alone where nothing was retrieved', () => {
    expect(
      Array.from(
        chunkValues(
          4,
          [
            { index: 1, relevance: 0.9 },
            { index: 3, relevance: 0.1 },
          ],
          0.2,
        ),
      ).map((v) => +v.toFixed(2)),
    ).toEqual([-0.2, 0.7, -0.2, -0.1]);
  });

  it('decays retrieval scores by rank', () => {
    expect(rankDecayedRelevance(0.8, 1, 30)).toBeCloseTo(0.8);
    expect(rankDecayedRelevance(0.8, 31, 30)).toBeCloseTo(0.8 / Math.E);
    expect(rankDecayedRelevance(-1, 1, 30)).toBe(0);
  });
});

describe('bestSegments', () => {
  it('bridges a weak chunk between two strong ones when the run gains', () => {
    const s = bestSegments([doc('a', [-0.2, 0.8, -0.1, 0.7, -0.2])], limits);
    expect(s).toEqual([{ docId: 'a', start: 1, end: 4, value: expect.closeTo(1.4), chars: 300 }]);
  });

  it('returns several non-overlapping segments across documents, best first', () => {
    const s = bestSegments([doc('a', [0.5, -0.9, 0.3]), doc('b', [0.9, 0.2])], limits);
    expect(s.map((x) => [x.docId, x.start, x.end])).toEqual([
      ['b', 0, 2],
      ['a', 0, 1],
      ['a', 2, 3],
    ]);
  });

  it('respects the segment length, the budget and the minimum value', () => {
    expect(bestSegments([doc('a', [0.5, 0.5, 0.5])], { ...limits, maxChunks: 2 }).map((x) => [x.start, x.end])).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(bestSegments([doc('a', [0.5, 0.5, 0.5])], { ...limits, budget: 250 }).map((x) => [x.start, x.end])).toEqual([[0, 2]]);
    expect(bestSegments([doc('a', [0.5, 0.1])], { ...limits, minValue: 0.55 }).map((x) => [x.start, x.end])).toEqual([[0, 2]]);
    expect(bestSegments([doc('a', [0.5, 0.1])], { ...limits, minValue: 0.7 })).toEqual([]);
  });

  it('takes nothing when the budget is smaller than one chunk', () => {
    expect(bestSegments([doc('a', [0.9], [500])], { ...limits, budget: 499 })).toEqual([]);
  });

  it('handles a single-chunk document and all-negative values', () => {
    expect(bestSegments([doc('a', [0.4])], limits)).toEqual([{ docId: 'a', start: 0, end: 1, value: 0.4, chars: 100 }]);
    expect(bestSegments([doc('a', [-0.1, -0.3]), doc('b', [])], limits)).toEqual([]);
  });

  it('breaks ties by document order, then the earlier and shorter run', () => {
    const s = bestSegments([doc('a', [0.5, 0, 0.5]), doc('b', [0.5])], { ...limits, budget: 100 });
    expect(s).toEqual([{ docId: 'a', start: 0, end: 1, value: 0.5, chars: 100 }]);
    const t = bestSegments([doc('a', [0.5, 0])], limits);
    expect(t[0]).toMatchObject({ start: 0, end: 1 });
  });
});

describe('extractSegments', () => {
  it('turns ranked chunks into runs of adjacent chunks of their documents, within the budget', async () => {
    const { extractSegments } = await import('./extract');
    const mk = (docId: string, index: number, text = 'x'.repeat(100)) => ({
      id: `${docId}#${index}`,
      docId,
      index,
      text,
      start: index * 101,
      end: index * 101 + 100,
      sectionPath: [],
      sentenceStart: index,
      sentenceEnd: index + 1,
    });
    const a = Array.from({ length: 6 }, (_, i) => mk('a', i));
    const settings = { penalty: 0.2, decay: 30, maxChunks: 4, minValue: 0.1, candidates: 10 };
    const { segments, values } = extractSegments(
      [
        { chunk: a[2], relevance: 0.9, rank: 1 },
        { chunk: a[4], relevance: 0.8, rank: 2 },
        { chunk: a[0], relevance: 0.45, rank: 3 },
        { chunk: a[1], relevance: 0.2, rank: 4 }, // worth less than its penalty: left out
      ],
      (docId) => (docId === 'a' ? a : []),
      settings,
      1000,
    );
    expect(segments.map((s) => [s.start, s.end])).toEqual([
      [2, 5],
      [0, 1],
    ]);
    expect(segments[0].chunks.map((c) => c.index)).toEqual([2, 3, 4]);
    expect(values.get('a')![3]).toBeCloseTo(-0.2); // never retrieved
    expect(values.get('a')![1]).toBeLessThan(0);
    // graded relevance (no rank) is used as it is
    const graded = extractSegments([{ chunk: a[5], relevance: 0.5 }], () => a, settings, 1000);
    expect(graded.segments.map((s) => [s.start, s.end])).toEqual([[5, 6]]);
  });
});
