import { simdDotKernel, type DotKernel } from './simd-dot';

const PAGE = 65536;
/** Capacity grows by at least this factor, so appending document after document stays linear. */
const GROWTH = 1.25;

/**
 * Row vectors of one dimension in a single growable float32 buffer, plus a query slot and a
 * score for every row. Where WebAssembly SIMD is available (and dim is a multiple of 16) the
 * buffer is a WebAssembly.Memory and scores come from the SIMD kernel; otherwise it is an
 * ordinary ArrayBuffer and a plain loop.
 *
 * Layout, in floats: [query: dim rounded up to 4][rows: capacity × dim][scores: capacity].
 */
export class VectorStore {
  readonly dim: number;
  private memory?: WebAssembly.Memory;
  private kernel?: DotKernel;
  private data = new Float32Array(0);
  private capacity = 0;
  private used = 0;
  private readonly base: number;

  constructor(dim: number, options: { simd?: boolean } = {}) {
    this.dim = dim;
    this.base = Math.ceil(dim / 4) * 4;
    if (options.simd !== false && dim > 0 && dim % 16 === 0) {
      try {
        const memory = new WebAssembly.Memory({ initial: 1 });
        this.kernel = simdDotKernel(memory);
        if (this.kernel) this.memory = memory;
      } catch {
        this.kernel = undefined;
      }
    }
    this.reserve(0);
  }

  /** Whether scores come from the WebAssembly SIMD kernel. */
  get simd(): boolean {
    return this.kernel !== undefined;
  }

  get rows(): number {
    return this.used;
  }

  /** Bytes held, including room reserved for growth (WebAssembly memory never shrinks). */
  get bytes(): number {
    return this.memory ? this.memory.buffer.byteLength : this.data.byteLength;
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
    const { base, dim } = this;
    this.data.copyWithin(base + start * dim, base + (start + count) * dim, base + this.used * dim);
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

  /** Makes room for `rows` rows, keeping the stored ones. */
  private reserve(rows: number): void {
    if (rows <= this.capacity && this.data.length > 0) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * GROWTH), 64);
    const floats = this.base + capacity * (this.dim + 1);
    const keep = this.base + this.used * this.dim;
    if (this.memory) {
      try {
        const pages = Math.ceil((floats * 4) / PAGE) - this.memory.buffer.byteLength / PAGE;
        if (pages > 0) this.memory.grow(pages);
        this.data = new Float32Array(this.memory.buffer);
        this.capacity = capacity;
        return;
      } catch {
        // Out of WebAssembly memory (4 GiB at most): carry on in an ordinary buffer.
        this.memory = undefined;
        this.kernel = undefined;
      }
    }
    const next = new Float32Array(floats);
    next.set(this.data.subarray(0, keep));
    this.data = next;
    this.capacity = capacity;
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
