import { afterEach, describe, expect, it, vi } from 'vitest';
import { VectorStore } from './vector-store';

const rows = (n: number, dim: number, from = 0) => Float32Array.from({ length: n * dim }, (_, i) => ((from * dim + i) % 97) / 97 - 0.5);

describe('VectorStore', () => {
  afterEach(() => vi.restoreAllMocks());

  it('moves to an ordinary buffer and the plain loop when WebAssembly memory cannot grow', () => {
    const dim = 32;
    const store = new VectorStore(dim);
    expect(store.simd).toBe(true);
    store.append(rows(10, dim));
    vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => {
      throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
    });
    store.append(rows(5000, dim, 10));
    expect(store.simd).toBe(false);
    expect(store.rows).toBe(5010);
    const all = rows(5010, dim);
    expect(Array.from(store.row(4321))).toEqual(Array.from(all.subarray(4321 * dim, 4322 * dim)));
    const q = rows(1, dim, 3);
    const scores = store.scores(q, 4000, 3);
    for (let r = 0; r < 3; r++) expect(scores[r]).toBeCloseTo(store.dot(q, 4000 + r), 5);
  });

  it('closes the gap when rows are removed', () => {
    const dim = 16;
    const store = new VectorStore(dim);
    store.append(rows(3, dim));
    store.removeRows(1, 1);
    expect(store.rows).toBe(2);
    expect(Array.from(store.row(1))).toEqual(Array.from(rows(3, dim).subarray(2 * dim)));
  });
});
