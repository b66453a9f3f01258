import { simdDotKernel, type DotKernel } from './simd-dot';
import { WasmRows } from './wasm-rows';

/**
 * Row vectors of one dimension in a single growable float32 buffer, plus a query slot and a
 * score for every row. Where WebAssembly SIMD is available (and dim is a multiple of 16) the
 * buffer is a WebAssembly.Memory and scores come from the SIMD kernel; otherwise it is an
 * ordinary ArrayBuffer and a plain loop.
 *
 * Layout, in floats: [query: dim rounded up to 4][rows: capacity × dim][scores: capacity].
 */
export class VectorStore extends WasmRows<Float32Array, DotKernel> {
  readonly dim: number;

  constructor(dim: number, options: { simd?: boolean } = {}) {
    const simd = options.simd !== false && dim > 0 && dim % 16 === 0;
    super(Float32Array, { base: Math.ceil(dim / 4) * 4, width: dim, tail: (capacity) => capacity }, simd ? simdDotKernel : undefined);
    this.dim = dim;
  }

  /** Appends rows (row-major, a multiple of dim floats); returns the first new row's index. */
  append(matrix: Float32Array): number {
    const rows = matrix.length / this.dim;
    this.reserve(this.used + rows);
    this.data.set(matrix, this.base + this.used * this.dim);
    this.used += rows;
    return this.used - rows;
  }

  /** Removes rows [start, start + count); later rows move down by count. */
  removeRows(start: number, count: number): void {
    this.closeGap(start, count);
    this.used -= count;
  }

  /** A copy of one row. */
  row(r: number): Float32Array {
    return this.data.slice(this.base + r * this.dim, this.base + (r + 1) * this.dim);
  }

  /** Dot product of the query with one row (float64 sums). */
  dot(query: Float32Array, r: number): number {
    return dotAt(this.data, this.base + r * this.dim, query, this.dim);
  }

  /**
   * Scores rows [start, start + count) against the query. The returned view holds them in that
   * order; it is valid until the next append (the buffer may move) and is overwritten by the
   * next call for the same rows.
   */
  scores(query: Float32Array, start: number, count: number): Float32Array {
    const { base, dim, data } = this;
    const out = base + this.capacity * dim + start;
    if (this.kernel) {
      data.set(query, 0);
      this.kernel(4 * (base + start * dim), 0, dim, count, 4 * out);
    } else {
      for (let r = 0, off = base + start * dim; r < count; r++, off += dim) data[out + r] = dotAt(data, off, query, dim);
    }
    return data.subarray(out, out + count);
  }
}

/** Dot product of m[off .. off + dim) with q; four accumulators let the engine pipeline the loop. */
function dotAt(m: Float32Array, off: number, q: Float32Array, dim: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let j = 0;
  for (; j + 3 < dim; j += 4) {
    a += m[off + j] * q[j];
    b += m[off + j + 1] * q[j + 1];
    c += m[off + j + 2] * q[j + 2];
    d += m[off + j + 3] * q[j + 3];
  }
  for (; j < dim; j++) a += m[off + j] * q[j];
  return a + b + c + d;
}
