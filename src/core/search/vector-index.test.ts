import { describe, expect, it } from 'vitest';
import { VectorIndex } from './vector-index';
import { axisVector } from '../chunk/test-helpers';
import { packRows } from '../vector/cosine';

describe('VectorIndex', () => {
  const idx = new VectorIndex(4);
  idx.add('d1', ['d1#0', 'd1#1'], packRows([axisVector(4, 0), axisVector(4, 1)], 4));
  idx.add('d2', ['d2#0', 'd2#1'], packRows([axisVector(4, 0, 0.3), axisVector(4, 3)], 4));

  it('returns the k most similar vectors, best first', () => {
    const hits = idx.topK(axisVector(4, 0), 2);
    expect(hits.map((h) => h.id)).toEqual(['d1#0', 'd2#0']);
    expect(hits[0].score).toBeCloseTo(1);
    expect(hits[1].score).toBeCloseTo(Math.cos(0.3));
  });

  it('matches a brute-force ranking on random data', () => {
    const dim = 13; // not a multiple of 4, so the unrolled loop's tail runs too
    const n = 500;
    const rnd = mulberry(7);
    const rows = Array.from({ length: n }, () => unit(Float32Array.from({ length: dim }, () => rnd() - 0.5)));
    const big = new VectorIndex(dim);
    big.add('x', rows.map((_, i) => `x#${i}`), packRows(rows, dim));
    const q = unit(Float32Array.from({ length: dim }, () => rnd() - 0.5));
    const brute = rows
      .map((r, i) => ({ id: `x#${i}`, score: r.reduce((s, v, j) => s + v * q[j], 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
    expect(big.topK(q, 10).map((h) => h.id)).toEqual(brute.map((h) => h.id));
  });

  it('limits to given documents, scores single ids, and forgets removed documents', () => {
    expect(idx.topK(axisVector(4, 0), 5, new Set(['d2'])).map((h) => h.id)).toEqual(['d2#0', 'd2#1']);
    expect(idx.score(axisVector(4, 3), 'd2#1')).toBeCloseTo(1);
    expect(Array.from(idx.vector('d2#1')!)).toEqual(Array.from(axisVector(4, 3)));
    expect(idx.vector('nope')).toBeUndefined();
    const copy = new VectorIndex(4);
    copy.add('d1', ['d1#0'], axisVector(4, 0));
    copy.remove('d1');
    expect(copy.size).toBe(0);
    expect(copy.topK(axisVector(4, 0), 3)).toEqual([]);
    expect(copy.score(axisVector(4, 0), 'd1#0')).toBeUndefined();
  });

  it('rejects a matrix of the wrong size', () => {
    expect(() => new VectorIndex(4).add('z', ['z#0'], new Float32Array(3))).toThrow(/expected 1 × 4/);
  });
});

function unit(v: Float32Array): Float32Array {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

function mulberry(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
