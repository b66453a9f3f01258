const PAGE = 65536;
/** Capacity grows by at least this factor, so appending document after document stays linear. */
const GROWTH = 1.25;

type RowArray = Float32Array | Int8Array | Uint8Array;

interface RowArrayType<A extends RowArray> {
  new (length: number): A;
  new (buffer: ArrayBuffer): A;
  readonly BYTES_PER_ELEMENT: number;
}

/** Where a store keeps what, in elements of its array: [base][rows: capacity × width][tail(capacity)]. */
interface RowsLayout {
  /** Elements before the first row (the query). */
  base: number;
  width: number;
  /** Elements after the rows (the kernels' results and whatever else they need), given the capacity. */
  tail: (capacity: number) => number;
}

/**
 * The growable buffer of a row store and the WebAssembly kernels that score its rows. Where the
 * kernels load (WebAssembly SIMD) the buffer is a WebAssembly.Memory they are bound to;
 * otherwise, and from when that memory cannot grow, it is an ordinary ArrayBuffer and the store
 * scores rows in plain JavaScript.
 */
export abstract class WasmRows<A extends RowArray, K> {
  /** A view of the whole buffer; it moves when the buffer grows. */
  protected data: A;
  protected kernel?: K;
  protected memory?: WebAssembly.Memory;
  protected capacity = 0;
  protected used = 0;
  protected readonly base: number;
  private readonly width: number;
  private readonly tail: (capacity: number) => number;

  /** `load` binds the kernels to a memory (undefined where they cannot run, or where the store's shape does not suit them). */
  protected constructor(
    private readonly View: RowArrayType<A>,
    layout: RowsLayout,
    load: ((memory: WebAssembly.Memory) => K | undefined) | undefined,
  ) {
    ({ base: this.base, width: this.width, tail: this.tail } = layout);
    this.data = new View(0);
    if (load) {
      try {
        const memory = new WebAssembly.Memory({ initial: 1 });
        this.kernel = load(memory);
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

  /** Moves rows [start + count, rows) down to start. */
  protected closeGap(start: number, count: number): void {
    const { base, width } = this;
    this.data.copyWithin(base + start * width, base + (start + count) * width, base + this.used * width);
  }

  /** Makes room for `rows` rows, keeping the stored ones; returns whether the capacity changed. */
  protected reserve(rows: number): boolean {
    if (rows <= this.capacity && this.data.length > 0) return false;
    const capacity = Math.max(rows, Math.ceil(this.capacity * GROWTH), 64);
    const length = this.base + capacity * this.width + this.tail(capacity);
    if (this.memory) {
      try {
        const pages = Math.ceil((length * this.View.BYTES_PER_ELEMENT) / PAGE) - this.memory.buffer.byteLength / PAGE;
        if (pages > 0) this.memory.grow(pages);
        this.data = new this.View(this.memory.buffer);
        this.capacity = capacity;
        return true;
      } catch {
        // Out of WebAssembly memory (4 GiB at most): carry on in an ordinary buffer.
        this.memory = undefined;
        this.kernel = undefined;
      }
    }
    const next = new this.View(length);
    next.set(this.data.subarray(0, this.base + this.used * this.width));
    this.data = next;
    this.capacity = capacity;
    return true;
  }
}
