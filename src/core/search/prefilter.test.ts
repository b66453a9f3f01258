import { describe, expect, it } from 'vitest';
import { hammingScores, simdHammingKernel } from './simd-hamming';
import { SignBits } from './sign-bits';
import { Int8VectorStore } from './int8-vector-store';
import { VectorIndex, defaultCandidates } from './vector-index';
import { quantizeRows } from '../vector';

function mulberry(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unitRows(n: number, dim: number, rnd: () => number): Float32Array {
  const m = new Float32Array(n * dim);
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let j = 0; j < dim; j++) norm += (m[r * dim + j] = rnd() - 0.5) ** 2;
    for (let j = 0; j < dim; j++) m[r * dim + j] /= Math.sqrt(norm);
  }
  return m;
}

/** Sign bits of a float row as the store keeps them, as a string of 0/1 (dimension 0 first). */
const signString = (row: ArrayLike<number>) => Array.from(row, (v) => (v > 0 ? '1' : '0')).join('');
const bitString = (bytes: Uint8Array, dim: number) => Array.from({ length: dim }, (_, j) => ((bytes[j >> 3] >> (j & 7)) & 1 ? '1' : '0')).join('');

describe('simdHammingKernel', () => {
  it('counts differing bits exactly as the plain JavaScript loop does', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const kernel = simdHammingKernel(memory)!;
    expect(kernel).toBeDefined();
    const rnd = mulberry(3);
    for (const stride of [16, 48, 64, 496]) {
      const count = 9;
      const bytes = new Uint8Array(memory.buffer);
      // Layout: query at 0, rows at 512, out at 16384.
      for (let i = 0; i < 512 + count * stride; i++) bytes[i] = Math.floor(rnd() * 256);
      bytes.fill(0xff, 512, 512 + stride); // row 0 as far from an all-zero query as can be
      bytes.fill(0, 0, stride);
      kernel(512, 0, stride, count, 16384);
      const want = new Int32Array(count);
      hammingScores(bytes, 512, bytes, stride, count, want);
      expect(Array.from(new Int32Array(memory.buffer, 16384, count))).toEqual(Array.from(want));
      expect(want[0]).toBe(stride * 8);
      // A reference that counts bit by bit.
      for (let r = 0; r < count; r++) {
        let d = 0;
        for (let b = 0; b < stride * 8; b++) d += ((bytes[512 + r * stride + (b >> 3)] ^ bytes[b >> 3]) >> (b & 7)) & 1;
        expect(want[r]).toBe(d);
      }
    }
  });
});

describe('SignBits', () => {
  it('gives the same distances with and without SIMD, for a dim that is not a multiple of 128', () => {
    const dim = 200;
    const rnd = mulberry(5);
    const { q } = quantizeRows(unitRows(50, dim, rnd), dim);
    const query = unitRows(1, dim, rnd);
    const simd = new SignBits(dim);
    const plain = new SignBits(dim, { simd: false });
    expect(simd.simd).toBe(true);
    expect(plain.simd).toBe(false);
    expect(simd.stride).toBe(32);
    for (const bits of [simd, plain]) bits.appendFrom(q, 0, 50);
    const want = Array.from({ length: 50 }, (_, r) => {
      let d = 0;
      for (let j = 0; j < dim; j++) d += Number(q[r * dim + j] > 0 !== query[j] > 0);
      return d;
    });
    expect(Array.from(simd.distances(query, 0, 50))).toEqual(want);
    expect(Array.from(plain.distances(query, 0, 50))).toEqual(want);
    expect(Array.from(simd.distances(query, 10, 5))).toEqual(want.slice(10, 15));
  });
});

describe('Int8VectorStore sign bits', () => {
  it('keeps each row’s sign bits across append, appendQuantized, removeRows and growth', () => {
    const dim = 384;
    const rnd = mulberry(9);
    for (const simd of [true, false]) {
      const store = new Int8VectorStore(dim, { simd });
      const later = new Int8VectorStore(dim, { simd });
      void store.signBits; // kept from the start: maintained through every change below
      const a = unitRows(70, dim, rnd);
      const b = unitRows(40, dim, rnd);
      const c = unitRows(100, dim, rnd); // past the first capacity (64 rows): both memories grow
      for (const s of [store, later]) {
        s.append(a);
        s.appendQuantized(quantizeRows(b, dim));
        s.append(c);
        s.removeRows(20, 60); // a[20..70) and b[0..10)
      }
      const expected = [
        ...Array.from({ length: 20 }, (_, r) => a.subarray(r * dim, (r + 1) * dim)),
        ...Array.from({ length: 30 }, (_, r) => b.subarray((r + 10) * dim, (r + 11) * dim)),
        ...Array.from({ length: 100 }, (_, r) => c.subarray(r * dim, (r + 1) * dim)),
      ];
      expect(store.rows).toBe(150);
      expect(store.signBits.rows).toBe(150);
      // Built only when asked for, from the rows as they are then: the same bits.
      expect(later.bytes).toBeLessThan(store.bytes);
      for (let r = 0; r < 150; r++) expect(later.signBits.row(r)).toEqual(store.signBits.row(r));
      // Quantizing rounds values near zero to 0, whose bit is clear: compare with the stored rows.
      expected.forEach((_row, r) => expect(bitString(store.signBits.row(r), dim)).toBe(signString(store.row(r))));
      // And the float rows' signs, wherever quantizing did not round a value to 0.
      expected.forEach((row, r) => {
        const bits = bitString(store.signBits.row(r), dim);
        for (let j = 0; j < dim; j++) if (Math.abs(row[j]) > 0.01) expect(bits[j]).toBe(row[j] > 0 ? '1' : '0');
      });
    }
  });

  it('scores listed rows exactly as the block scan does', () => {
    const dim = 96;
    const rnd = mulberry(13);
    for (const simd of [true, false]) {
      const store = new Int8VectorStore(dim, { simd });
      store.append(unitRows(300, dim, rnd));
      const query = unitRows(1, dim, rnd);
      const all = Array.from(store.scores(query, 0, 300));
      const rows = Int32Array.from([299, 0, 17, 150, 151]);
      expect(Array.from(store.scoresOf(query, rows, 4))).toEqual([all[299], all[0], all[17], all[150]]);
    }
  });
});

describe('VectorIndex pre-filter', () => {
  const dim = 128;
  const rnd = mulberry(21);
  const docs = ['a', 'b', 'c', 'd'].map((docId, i) => ({ docId, rows: unitRows(150 + 40 * i, dim, rnd) }));
  const queries = Array.from({ length: 5 }, () => unitRows(1, dim, rnd));
  const build = (options: ConstructorParameters<typeof VectorIndex>[1]) => {
    const index = new VectorIndex(dim, { precision: 'i8', ...options });
    for (const { docId, rows } of docs) index.add(docId, rows.length / dim, rows);
    return index;
  };
  const exact = build({ prefilter: { minRows: Infinity } });

  it('returns exactly the exact top k when every row is a candidate', () => {
    const all = build({ prefilter: { minRows: 0, candidates: (_k, rows) => rows } });
    for (const q of queries) {
      expect(all.topK(q, 20)).toEqual(exact.topK(q, 20));
      expect(all.topK(q, 10_000)).toEqual(exact.topK(q, 10_000));
    }
  });

  it('scores only the candidates nearest by sign bits, and keeps most of the exact top k', () => {
    const few = build({ prefilter: { minRows: 0, candidates: () => 200 } });
    let kept = 0;
    for (const q of queries) {
      const hits = few.topK(q, 10);
      expect(hits).toHaveLength(10);
      const want = exact.topK(q, 10);
      // Every hit carries the score the exact scan gives it.
      const scoreOf = new Map(exact.topK(q, 10_000).map((h) => [h.id, h.score]));
      for (const h of hits) expect(h.score).toBe(scoreOf.get(h.id));
      kept += hits.filter((h) => want.some((w) => w.id === h.id)).length;
    }
    expect(kept / 50).toBeGreaterThan(0.6);
    // Fewer candidates than k: k of them anyway.
    const tiny = build({ prefilter: { minRows: 0, candidates: () => 1 } });
    expect(tiny.topK(queries[0], 7)).toHaveLength(7);
  });

  it('restricts to the given documents, and stays exact below the row threshold', () => {
    const all = build({ prefilter: { minRows: 0, candidates: (_k, rows) => rows } });
    const some = new Set(['b', 'd']);
    for (const q of queries) {
      const hits = all.topK(q, 30, some);
      expect(hits).toEqual(exact.topK(q, 30, some));
      expect(hits.every((h) => some.has(h.docId))).toBe(true);
    }
    const few = build({ prefilter: { minRows: 0, candidates: () => 50 } });
    const hits = few.topK(queries[0], 30, new Set(['c']));
    expect(hits).toHaveLength(30);
    expect(hits.every((h) => h.docId === 'c')).toBe(true);
    // 230 rows in 'c': under a threshold of 300 the restricted search is exact.
    const above = build({ prefilter: { minRows: 300, candidates: () => 50 } });
    expect(above.topK(queries[0], 30, new Set(['c']))).toEqual(exact.topK(queries[0], 30, new Set(['c'])));
  });

  it('defaults to rescoring max(20·k, rows / 16) rows', () => {
    expect(defaultCandidates(200, 1_000_000)).toBe(62_500);
    expect(defaultCandidates(200, 50_000)).toBe(4_000);
  });
});
