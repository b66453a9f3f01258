import { describe, expect, it } from 'vitest';
import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the k highest scores, best first, earlier order first on ties', () => {
    let seed = 9;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const items = Array.from({ length: 500 }, (_, order) => ({ score: Math.floor(rand() * 40), order }));
    const expected = [...items].sort((a, b) => b.score - a.score || a.order - b.order);
    for (const k of [0, 1, 7, 64, 500, 900]) {
      const heap = new TopK(k);
      for (const it of items) heap.offer(it.score, it.order);
      const { scores, orders } = heap.drain();
      expect(Array.from(orders)).toEqual(expected.slice(0, k).map((x) => x.order));
      expect(Array.from(scores)).toEqual(expected.slice(0, k).map((x) => x.score));
      expect(heap.size).toBe(0);
    }
  });
});
