import { GATHER_AHEAD as AHEAD, simdInt8DotKernel, simdInt8GatherKernel, type Int8DotKernel } from './simd-dot-i8';
import { quantizeInto, type QuantizedRows } from '../vector/quantize';
import { SignBits } from './sign-bits';

const PAGE = 65536;
const GROWTH = 1.25;
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
export class Int8VectorStore {
  readonly dim: number;
  private memory?: WebAssembly.Memory;
  private kernel?: Int8DotKernel;
  private gather?: Int8DotKernel;
  private bytes8 = new Int8Array(0);
  private scales = new Float32Array(0);
  private out = new Float32Array(0);
  private capacity = 0;
  private used = 0;
  private readonly base: number;
  private signs?: SignBits;
  private readonly options: { simd?: boolean };

  constructor(dim: number, options: { simd?: boolean } = {}) {
    this.dim = dim;
    this.options = options;
    this.base = Math.ceil((dim * 2) / 16) * 16;
    if (options.simd !== false && dim > 0 && dim % 32 === 0 && dim <= 512) {
      try {
        const memory = new WebAssembly.Memory({ initial: 1 });
        this.kernel = simdInt8DotKernel(memory);
        this.gather = simdInt8GatherKernel(memory);
        if (this.kernel && this.gather) this.memory = memory;
        else this.kernel = undefined;
      } catch {
        this.kernel = undefined;
      }
    }
    this.reserve(0);
  }

  get simd(): boolean {
    return this.kernel !== undefined;
  }

  get rows(): number {
    return this.used;
  }

  get bytes(): number {
    return (this.memory ? this.memory.buffer.byteLength : this.bytes8.byteLength) + this.scales.byteLength + (this.signs?.bytes ?? 0);
  }

  append(matrix: Float32Array): number {
    const rows = matrix.length / this.dim;
    this.reserve(this.used + rows);
    quantizeInto(matrix, this.dim, this.bytes8, this.base + this.used * this.dim, this.scales, this.used);
    return this.added(rows);
  }

  /** Appends rows already quantized (as stored); returns the first new row's index. */
  appendQuantized({ q, scales }: QuantizedRows): number {
    const rows = scales.length;
    this.reserve(this.used + rows);
    this.bytes8.set(q, this.base + this.used * this.dim);
    this.scales.set(scales, this.used);
    return this.added(rows);
  }

  /** Counts rows just written after the others, with their sign bits where they are kept; returns the first's index. */
  private added(rows: number): number {
    const first = this.used;
    this.used += rows;
    if (this.signs) this.signs.appendFrom(this.bytes8, this.base + first * this.dim, rows);
    else if (this.used >= SIGN_BITS_FROM) void this.signBits;
    return first;
  }

  /** The rows' sign bits: built from the rows on first use, then kept as rows are added and removed. */
  get signBits(): SignBits {
    if (!this.signs) {
      this.signs = new SignBits(this.dim, this.options);
      this.signs.appendFrom(this.bytes8, this.base, this.used);
    }
    return this.signs;
  }

  removeRows(start: number, count: number): void {
    const { base, dim } = this;
    this.bytes8.copyWithin(base + start * dim, base + (start + count) * dim, base + this.used * dim);
    this.scales.copyWithin(start, start + count, this.used);
    this.signs?.removeRows(start, count);
    this.used -= count;
  }

  row(r: number): Float32Array {
    const out = new Float32Array(this.dim);
    const at = this.base + r * this.dim;
    for (let j = 0; j < this.dim; j++) out[j] = this.bytes8[at + j] * this.scales[r];
    return out;
  }

  dot(query: Float32Array, r: number): number {
    const at = this.base + r * this.dim;
    let sum = 0;
    for (let j = 0; j < this.dim; j++) sum += this.bytes8[at + j] * query[j];
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
    this.kernel(this.base + start * this.dim, 0, this.dim, count, sumsAt + start * 4);
    const sums = new Int32Array(this.memory!.buffer, sumsAt + start * 4, count);
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
    const sums = new Int32Array(this.memory!.buffer, sumsAt, count + AHEAD);
    sums.set(rows.subarray(0, count));
    // The kernel reads the row AHEAD places on early: past the end, the last row again.
    sums.fill(count > 0 ? rows[count - 1] : 0, count);
    this.gather!(base, 0, dim, count, sumsAt);
    for (let i = 0; i < count; i++) out[i] = sums[i] * this.scales[rows[i]] * qScale;
    return out;
  }

  private output(count: number): Float32Array {
    if (this.out.length < count) this.out = new Float32Array(Math.max(count, this.out.length * 2));
    return this.out.subarray(0, count);
  }

  /** Writes the query as int16 where the kernel reads it; returns its scale. */
  private loadQuery(query: Float32Array): number {
    const { dim } = this;
    let max = 0;
    for (let j = 0; j < dim; j++) max = Math.max(max, Math.abs(query[j]));
    const qScale = max / 32767 || 1;
    const q16 = new Int16Array(this.memory!.buffer, 0, dim);
    for (let j = 0; j < dim; j++) q16[j] = Math.round(query[j] / qScale);
    return qScale;
  }

  private reserve(rows: number): void {
    if (rows <= this.capacity && this.bytes8.length > 0) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * GROWTH), 64);
    const keep = this.base + this.used * this.dim;
    // Rows, then an int32 sum per row (aligned: base and dim are multiples of 16 and 32 where the kernel
    // runs), room for the gather kernel's look-ahead, and 384 bytes it may touch past a short last row.
    const bytes = this.base + capacity * this.dim + (capacity + AHEAD) * 4 + 384;
    const scales = new Float32Array(capacity);
    scales.set(this.scales.subarray(0, this.used));
    this.scales = scales;
    if (this.memory) {
      try {
        const pages = Math.ceil(bytes / PAGE) - this.memory.buffer.byteLength / PAGE;
        if (pages > 0) this.memory.grow(pages);
        this.bytes8 = new Int8Array(this.memory.buffer);
        this.capacity = capacity;
        return;
      } catch {
        this.memory = undefined;
        this.kernel = undefined;
        this.gather = undefined;
      }
    }
    const next = new Int8Array(bytes);
    next.set(this.bytes8.subarray(0, keep));
    this.bytes8 = next;
    this.capacity = capacity;
  }
}
