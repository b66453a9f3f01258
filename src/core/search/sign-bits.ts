import { hammingScores, simdHammingKernel, type HammingKernel } from './simd-hamming';
import { WasmRows } from './wasm-rows';

/**
 * One sign bit per dimension per row (bit j of a row is set when its value j is above zero), kept
 * beside the int8 rows of an Int8VectorStore: 48 bytes a row for 384-d, an eighth of the int8 rows.
 * The Hamming distance between a query's sign bits and a row's tracks their angle closely enough
 * to pick, from a large index, a few thousand candidates that hold nearly all of the exact top
 * hits, which are then rescored exactly (see VectorIndex's pre-filter).
 *
 * Layout, in bytes: [query: stride][rows: capacity × stride][distances: capacity int32], with
 * stride = dim / 8 rounded up to 16 bytes (padding bits are zero in rows and query alike).
 */
export class SignBits extends WasmRows<Uint8Array, HammingKernel> {
  readonly dim: number;
  readonly stride: number;

  constructor(dim: number, options: { simd?: boolean } = {}) {
    const stride = Math.max(16, Math.ceil(dim / 128) * 16);
    // Rows, then an int32 distance per row (16-byte aligned: base and stride are multiples of 16).
    const tail = (capacity: number) => capacity * 4;
    super(Uint8Array, { base: stride, width: stride, tail }, options.simd !== false && stride <= 496 ? simdHammingKernel : undefined);
    this.dim = dim;
    this.stride = stride;
  }

  /** Appends the sign bits of `rows` int8 rows of `dim` values read from `q` at `at`. */
  appendFrom(q: Int8Array, at: number, rows: number): void {
    this.reserve(this.used + rows);
    const { dim, stride } = this;
    const bytes = this.data;
    let to = this.base + this.used * stride;
    for (let r = 0; r < rows; r++, to += stride) {
      const from = at + r * dim;
      bytes.fill(0, to, to + stride);
      // Branch-free: (-v) >>> 31 is 1 exactly when v > 0. A branch on random signs mispredicts
      // half the time, which made this loop 10× slower (4 s for a million 512-d rows).
      for (let j = 0; j + 8 <= dim; j += 8) {
        const p = from + j;
        bytes[to + (j >> 3)] =
          (-q[p] >>> 31) |
          ((-q[p + 1] >>> 31) << 1) |
          ((-q[p + 2] >>> 31) << 2) |
          ((-q[p + 3] >>> 31) << 3) |
          ((-q[p + 4] >>> 31) << 4) |
          ((-q[p + 5] >>> 31) << 5) |
          ((-q[p + 6] >>> 31) << 6) |
          ((-q[p + 7] >>> 31) << 7);
      }
      for (let j = dim - (dim % 8); j < dim; j++) bytes[to + (j >> 3)] |= (-q[from + j] >>> 31) << (j & 7);
    }
    this.used += rows;
  }

  removeRows(start: number, count: number): void {
    this.closeGap(start, count);
    this.used -= count;
  }

  /** Row r's bits (a copy), for tests. */
  row(r: number): Uint8Array {
    return this.data.slice(this.base + r * this.stride, this.base + (r + 1) * this.stride);
  }

  /**
   * Hamming distances from the query's sign bits to rows [start, start + count). The view is
   * valid until the next append; calls for other rows leave it as it is.
   */
  distances(query: Float32Array, start: number, count: number): Int32Array {
    const { base, stride } = this;
    const bytes = this.data;
    bytes.fill(0, 0, stride);
    for (let j = 0; j < this.dim; j++) if (query[j] > 0) bytes[j >> 3] |= 1 << (j & 7);
    const outAt = base + this.capacity * stride + start * 4;
    const out = new Int32Array(bytes.buffer, outAt, count);
    if (this.kernel) this.kernel(base + start * stride, 0, stride, count, outAt);
    else hammingScores(bytes, base + start * stride, bytes, stride, count, out);
    return out;
  }
}
