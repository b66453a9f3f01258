import { describe, expect, it } from 'vitest';
import { fuse, minMax } from './fusion';
import { withinBudget } from './budget';

describe('minMax', () => {
  it('maps the smallest to 0 and the largest to 1', () => {
    expect(minMax([2, 4, 6])).toEqual([0, 0.5, 1]);
  });
  it('handles a constant list and an empty one', () => {
    expect(minMax([3, 3])).toEqual([1, 1]);
    expect(minMax([0, 0])).toEqual([0, 0]);
    expect(minMax([])).toEqual([]);
  });
});

describe('fuse', () => {
  const cands = [
    { id: 'a', bm25: 10, dense: 0.1 },
    { id: 'b', bm25: 0, dense: 0.9 },
    { id: 'c', bm25: 5, dense: 0.5 },
  ];

  it('combines normalised scores with the given weights', () => {
    const r = fuse(cands, { bm25: 0.5, dense: 0.5 });
    const c = r.find((x) => x.id === 'c')!;
    expect(c.bm25Norm).toBeCloseTo(0.5);
    expect(c.denseNorm).toBeCloseTo(0.5);
    expect(c.fused).toBeCloseTo(0.5);
    expect(r.map((x) => x.fused)).toEqual([...r.map((x) => x.fused)].sort((x, y) => y - x));
  });

  it('follows one signal alone when the other has zero weight', () => {
    expect(fuse(cands, { bm25: 1, dense: 0 }).map((x) => x.id)).toEqual(['a', 'c', 'b']);
    expect(fuse(cands, { bm25: 0, dense: 1 }).map((x) => x.id)).toEqual(['b', 'c', 'a']);
  });

  it('breaks ties by input order', () => {
    const r = fuse([
      { id: 'x', bm25: 1, dense: 0 },
      { id: 'y', bm25: 0, dense: 1 },
    ]);
    expect(r.map((x) => x.id)).toEqual(['x', 'y']);
  });
});

describe('withinBudget', () => {
  it('takes ranked items until the budget, skipping ones that would overflow', () => {
    const items = ['aaaa', 'bbbbbb', 'cc', 'd'];
    expect(withinBudget(items, 7, (s) => s.length)).toEqual(['aaaa', 'cc', 'd']);
  });
  it('returns nothing when even the first is too big', () => {
    expect(withinBudget(['aaaa'], 3, (s) => s.length)).toEqual([]);
  });

  it('treats weights as relative, so the fused score stays within 0 and 1', () => {
    const c = [
      { id: 'a', bm25: 3, dense: 0.9 },
      { id: 'b', bm25: 1, dense: 0.1 },
    ];
    expect(fuse(c, { bm25: 1, dense: 1 }).map((f) => f.fused)).toEqual(fuse(c, { bm25: 0.5, dense: 0.5 }).map((f) => f.fused));
    expect(fuse(c, { bm25: 1, dense: 1 })[0].fused).toBe(1);
    expect(fuse(c, { bm25: 0, dense: 0 })[0].fused).toBe(1);
  });
});
