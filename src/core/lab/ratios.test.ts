import { describe, expect, it } from 'vitest';
import { retrievalRatio, signalRatio } from './ratios';

const span = (start: number, end: number, text = '') => ({ start, end, text });

describe('ratios', () => {
  it('retrieval ratio: share of evidence words in the retrieved text', () => {
    expect(retrievalRatio([span(0, 1, 'Revenue was 4.2'), span(5, 6, 'billion')], 'revenue was 4.2 billion dollars')).toBeCloseTo(5 / 6);
    expect(retrievalRatio([], 'revenue')).toBe(0);
  });

  it('signal ratio: share of retrieved characters inside the evidence regions', () => {
    const located = { method: 'exact' as const, regions: [{ start: 10, end: 20 }] };
    // 100 characters retrieved, 5 + 10 of them inside [10, 20).
    expect(signalRatio([span(0, 15), span(10, 20), span(30, 105)], located)).toBeCloseTo(15 / 100);
    expect(signalRatio([], located)).toBe(0);
    expect(signalRatio([span(0, 15)], { method: 'unlocatable', regions: [] })).toBeUndefined();
  });
});
