import { describe, expect, it } from 'vitest';
import { VectorIndex } from './vector-index';
import { axisVector } from '../../testing/vectors';
import { packRows } from '../vector';

describe('VectorIndex: search, lookup and removal', () => {
  const idx = new VectorIndex(4);
  idx.add('d1', ['d1#0', 'd1#1'], packRows([axisVector(4, 0), axisVector(4, 1)], 4));
  idx.add('d2', ['d2#0', 'd2#1'], packRows([axisVector(4, 0, 0.3), axisVector(4, 3)], 4));

  it('returns the k most similar vectors, best first', () => {
    const hits = idx.topK(axisVector(4, 0), 2);
    expect(hits.map((h) => h.id)).toEqual(['d1#0', 'd2#0']);
    expect(hits[0].score).toBeCloseTo(1);
    expect(hits[1].score).toBeCloseTo(Math.cos(0.3));
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

  it('returns copies, so a caller cannot change the index', () => {
    const v = idx.vector('d1#0')!;
    v[0] = 42;
    expect(idx.vector('d1#0')![0]).toBe(1);
  });

  it('rejects a matrix of the wrong size', () => {
    expect(() => new VectorIndex(4).add('z', ['z#0'], new Float32Array(3))).toThrow(/expected 1 × 4/);
  });
});

describe('VectorIndex: rankings agree with exact scoring', () => {
  it('matches a brute-force ranking on random data', () => {
    const dim = 13; // not a multiple of 4, so the unrolled loop's tail runs too
    const n = 500;
    const rnd = mulberry(7);
    const rows = Array.from({ length: n }, () => unit(Float32Array.from({ length: dim }, () => rnd() - 0.5)));
    const big = new VectorIndex(dim);
    big.add(
      'x',
      rows.map((_, i) => `x#${i}`),
      packRows(rows, dim),
    );
    const q = unit(Float32Array.from({ length: dim }, () => rnd() - 0.5));
    const brute = rows
      .map((r, i) => ({ id: `x#${i}`, score: r.reduce((s, v, j) => s + v * q[j], 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
    expect(big.topK(q, 10).map((h) => h.id)).toEqual(brute.map((h) => h.id));
  });

  it('scores with the WebAssembly SIMD kernel when dim is a multiple of 16, agreeing with the plain loop', () => {
    const dim = 48;
    const rnd = mulberry(11);
    const rows = Array.from({ length: 700 }, () => unit(Float32Array.from({ length: dim }, () => rnd() - 0.5)));
    const simd = new VectorIndex(dim);
    const plain = new VectorIndex(dim, { simd: false });
    expect(simd.simd).toBe(true);
    expect(plain.simd).toBe(false);
    for (const idx of [simd, plain]) {
      idx.add(
        'a',
        rows.slice(0, 300).map((_, i) => `a#${i}`),
        packRows(rows.slice(0, 300), dim),
      );
      idx.add(
        'b',
        rows.slice(300).map((_, i) => `b#${i}`),
        packRows(rows.slice(300), dim),
      );
    }
    const q = unit(Float32Array.from({ length: dim }, () => rnd() - 0.5));
    const brute = rows.map((r, i) => ({ id: i < 300 ? `a#${i}` : `b#${i - 300}`, score: r.reduce((s, v, j) => s + v * q[j], 0) })).sort((a, b) => b.score - a.score);
    const fast = simd.topK(q, 15);
    expect(fast.map((h) => h.id)).toEqual(brute.slice(0, 15).map((h) => h.id));
    fast.forEach((h, i) => expect(h.score).toBeCloseTo(brute[i].score, 5));
    expect(plain.topK(q, 15).map((h) => h.id)).toEqual(fast.map((h) => h.id));
    expect(simd.topK(q, 5, new Set(['b'])).map((h) => h.id)).toEqual(
      brute
        .filter((h) => h.id.startsWith('b#'))
        .slice(0, 5)
        .map((h) => h.id),
    );
  });
});

describe('VectorIndex: int8 vectors and store growth', () => {
  it('int8 vectors: the same top hits as float32 with cosines within 0.01, in SIMD and the plain loop, through growth and removal', () => {
    const dim = 64;
    const rnd = mulberry(23);
    const rows = Array.from({ length: 900 }, () => unit(Float32Array.from({ length: dim }, () => rnd() - 0.5)));
    const exact = new VectorIndex(dim);
    const simd = new VectorIndex(dim, { precision: 'i8' });
    const plain = new VectorIndex(dim, { precision: 'i8', simd: false });
    expect(simd.simd).toBe(true);
    expect(plain.simd).toBe(false);
    for (const idx of [exact, simd, plain]) {
      idx.add('a', 300, packRows(rows.slice(0, 300), dim));
      idx.add('b', 300, packRows(rows.slice(300, 600), dim));
      idx.add('c', 300, packRows(rows.slice(600), dim));
      idx.remove('b');
    }
    expect(simd.bytes).toBeLessThan(exact.bytes / 2);
    for (let t = 0; t < 5; t++) {
      const q = unit(Float32Array.from({ length: dim }, () => rnd() - 0.5));
      const want = exact.topK(q, 10);
      for (const idx of [simd, plain]) {
        const got = idx.topK(q, 10);
        // Near ties may swap: the best hit is as good as the exact best, and most of the set is kept.
        expect(exact.score(q, got[0].id)!).toBeGreaterThan(want[0].score - 0.01);
        expect(new Set(got.map((h) => h.id)).size).toBe(10);
        expect(got.filter((h) => want.some((w) => w.id === h.id)).length).toBeGreaterThanOrEqual(8);
        got.forEach((h) => expect(Math.abs(h.score - exact.score(q, h.id)!)).toBeLessThan(0.01));
        expect(Math.abs(idx.score(q, 'c#7')! - exact.score(q, 'c#7')!)).toBeLessThan(0.01);
      }
      expect(plain.topK(q, 10).map((h) => h.id)).toEqual(simd.topK(q, 10).map((h) => h.id));
    }
    const back = simd.vector('a#3')!;
    rows[3].forEach((v, j) => expect(Math.abs(back[j] - v)).toBeLessThan(0.01));
    expect(simd.vector('b#3')).toBeUndefined();
  });

  it('keeps every vector in place as documents are added, replaced and removed (store growth and compaction)', () => {
    const dim = 16;
    for (const simd of [true, false]) {
      const idx = new VectorIndex(dim, { simd });
      const rnd = mulberry(5);
      const docs = new Map<string, Float32Array[]>();
      const put = (d: string, n: number) => {
        const rows = Array.from({ length: n }, () => unit(Float32Array.from({ length: dim }, () => rnd() - 0.5)));
        docs.set(d, rows);
        idx.add(
          d,
          rows.map((_, i) => `${d}#${i}`),
          packRows(rows, dim),
        );
      };
      for (let d = 0; d < 12; d++) put(`d${d}`, 5 + d * 7);
      idx.remove('d3');
      docs.delete('d3');
      put('d7', 40); // replaces d7: its rows move to the end
      idx.remove('d0');
      docs.delete('d0');
      put('d12', 90);
      expect(idx.size).toBe([...docs.values()].reduce((n, r) => n + r.length, 0));
      for (const [d, rows] of docs) {
        rows.forEach((row, i) => {
          expect(Array.from(idx.vector(`${d}#${i}`)!)).toEqual(Array.from(row));
          expect(idx.topK(row, 1)[0]).toEqual({ id: `${d}#${i}`, docId: d, score: expect.closeTo(1, 5) });
        });
      }
      expect(idx.topK(docs.get('d5')![0], 3, new Set(['d5'])).every((h) => h.id.startsWith('d5#'))).toBe(true);
    }
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
