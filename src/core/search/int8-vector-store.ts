import { GATHER_AHEAD as AHEAD, simdInt8DotKernel, simdInt8GatherKernel, type Int8DotKernel } from './simd-dot-i8';
import { quantizeInto, quantizeRow, type QuantizedRows } from '../vector';
import { SignBits } from './sign-bits';
import { WasmRows } from './wasm-rows';

/** From this many rows on, sign bits are kept as rows are added (below it, only once asked for). */
const SIGN_BITS_FROM = 65_536;

/**
 * Row vectors kept as 8-bit integers with one scale per row (see core/vector/quantize): a
 * quarter of float32's memory, and scored about twice as fast by the int8 SIMD kernel. A unit
 * vector's cosine with the query moves by about 0.001, which leaves rankings as they were except
 * for near ties. Same interface as VectorStore.
 *
 * Layout, in bytes: [query: dim int16][rows: capacity × dim int8][sums: capacity int32]; scales
 * live in an ordinary Float32Array beside it. A large store also keeps each row's sign bits
 * (`signBits`, an eighth of the rows' memory) for the coarse pre-filter of large searches.
 */
export class Int8VectorStore extends WasmRows<Int8Array, Int8Kernels> {
  readonly dim: number;
  private scales: Float32Array;
  private out = new Float32Array(0);
  private signs?: SignBits;
  private readonly options: { simd?: boolean };

  constructor(dim: number, options: { simd?: boolean } = {}) {
    const simd = options.simd !== false && dim > 0 && dim % 32 === 0 && dim <= 512;
    // Rows, then an int32 sum per row (aligned: base and dim are multiples of 16 and 32 where the kernel
    // runs), room for the gather kernel's look-ahead, and 384 bytes it may touch past a short last row.
    const tail = (capacity: number) => (capacity + AHEAD) * 4 + 384;
    super(Int8Array, { base: Math.ceil((dim * 2) / 16) * 16, width: dim, tail }, simd ? loadKernels : undefined);
    this.dim = dim;
    this.options = options;
    this.scales = new Float32Array(this.capacity);
  }

  override get bytes(): number {
    return super.bytes + this.scales.byteLength + (this.signs?.bytes ?? 0);
  }

  append(matrix: Float32Array): number {
    const rows = matrix.length / this.dim;
    this.reserveRows(this.used + rows);
    quantizeInto(matrix, this.dim, this.data, this.base + this.used * this.dim, this.scales, this.used);
    return this.added(rows);
  }

  /** Appends rows already quantized (as stored); returns the first new row's index. */
  appendQuantized({ q, scales }: QuantizedRows): number {
    const rows = scales.length;
    this.reserveRows(this.used + rows);
    this.data.set(q, this.base + this.used * this.dim);
    this.scales.set(scales, this.used);
    return this.added(rows);
  }

  /** Counts rows just written after the others, with their sign bits where they are kept; returns the first's index. */
  private added(rows: number): number {
    const first = this.used;
    this.used += rows;
    if (this.signs) this.signs.appendFrom(this.data, this.base + first * this.dim, rows);
    else if (this.used >= SIGN_BITS_FROM) void this.signBits;
    return first;
  }

  /** The rows' sign bits: built from the rows on first use, then kept as rows are added and removed. */
  get signBits(): SignBits {
    if (!this.signs) {
      this.signs = new SignBits(this.dim, this.options);
      this.signs.appendFrom(this.data, this.base, this.used);
    }
    return this.signs;
  }

  removeRows(start: number, count: number): void {
    this.closeGap(start, count);
    this.scales.copyWithin(start, start + count, this.used);
    this.signs?.removeRows(start, count);
    this.used -= count;
  }

  row(r: number): Float32Array {
    const out = new Float32Array(this.dim);
    const at = this.base + r * this.dim;
    for (let j = 0; j < this.dim; j++) out[j] = this.data[at + j] * this.scales[r];
    return out;
  }

  dot(query: Float32Array, r: number): number {
    const at = this.base + r * this.dim;
    let sum = 0;
    for (let j = 0; j < this.dim; j++) sum += this.data[at + j] * query[j];
    return sum * this.scales[r];
  }

  /** Scores rows [start, start + count); the view is valid until the next call or append. */
  scores(query: Float32Array, start: number, count: number): Float32Array {
    const out = this.output(count);
    if (!this.kernel) {
      for (let r = 0; r < count; r++) out[r] = this.dot(query, start + r);
      return out;
    }
    const qScale = this.loadQuery(query);
    const sumsAt = this.base + this.capacity * this.dim;
    this.kernel.dot(this.base + start * this.dim, 0, this.dim, count, sumsAt + start * 4);
    const sums = new Int32Array(this.data.buffer, sumsAt + start * 4, count);
    for (let r = 0; r < count; r++) out[r] = sums[r] * this.scales[start + r] * qScale;
    return out;
  }

  /**
   * Scores the listed rows (the first `count` of `rows`), exactly as `scores` would; the view is
   * valid until the next call or append.
   */
  scoresOf(query: Float32Array, rows: Int32Array, count: number): Float32Array {
    const out = this.output(count);
    if (!this.kernel) {
      for (let i = 0; i < count; i++) out[i] = this.dot(query, rows[i]);
      return out;
    }
    const qScale = this.loadQuery(query);
    const { base, dim } = this;
    // The row numbers go where the sums go (count ≤ rows), and the kernel overwrites each with its sum.
    const sumsAt = base + this.capacity * dim;
    const sums = new Int32Array(this.data.buffer, sumsAt, count + AHEAD);
    sums.set(rows.subarray(0, count));
    // The kernel reads the row AHEAD places on early: past the end, the last row again.
    sums.fill(count > 0 ? rows[count - 1] : 0, count);
    this.kernel.gather(base, 0, dim, count, sumsAt);
    for (let i = 0; i < count; i++) out[i] = sums[i] * this.scales[rows[i]] * qScale;
    return out;
  }

  private output(count: number): Float32Array {
    if (this.out.length < count) this.out = new Float32Array(Math.max(count, this.out.length * 2));
    return this.out.subarray(0, count);
  }

  /** Writes the query as int16 where the kernel reads it; returns its scale. */
  private loadQuery(query: Float32Array): number {
    return quantizeRow(query, 0, this.dim, new Int16Array(this.data.buffer, 0, this.dim), 0, 32767);
  }

  /** Makes room for `rows` rows and their scales. */
  private reserveRows(rows: number): void {
    if (!this.reserve(rows)) return;
    const scales = new Float32Array(this.capacity);
    scales.set(this.scales.subarray(0, this.used));
    this.scales = scales;
  }
}

interface Int8Kernels {
  dot: Int8DotKernel;
  gather: Int8DotKernel;
}

/** Both int8 kernels bound to `memory`, or undefined unless both load. */
function loadKernels(memory: WebAssembly.Memory): Int8Kernels | undefined {
  const dot = simdInt8DotKernel(memory);
  const gather = simdInt8GatherKernel(memory);
  return dot && gather ? { dot, gather } : undefined;
}
