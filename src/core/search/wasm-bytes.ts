/** Bytes of hand-assembled WebAssembly modules: LEB128 numbers, sections, the opcodes the SIMD kernels use, and the parts of them they share. */

/** Unsigned LEB128. */
export function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** Signed LEB128 (the i32.const immediates here are small and positive). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const vec = (bytes: number[]) => [...leb(bytes.length), ...bytes];
const section = (id: number, bytes: number[]) => [id, ...vec(bytes)];
const name = (s: string) => vec([...new TextEncoder().encode(s)]);

const I32 = 0x7f;
const V128 = 0x7b;
export const get = (local: number) => [0x20, local];
export const set = (local: number) => [0x21, local];
export const i32 = (n: number) => [0x41, ...sleb(n)];
export const ADD = 0x6a;
export const SHL = 0x74;
export const LT_U = 0x49;
export const EQZ = 0x45;
export const BR_IF = 0x0d;
export const END = 0x0b;
export const BLOCK = [0x02, 0x40];
export const LOOP = [0x03, 0x40];
export const F32_ADD = 0x92;
export const simd = (code: number, ...immediates: number[]) => [0xfd, ...leb(code), ...immediates];
export const V128_LOAD = (offset: number) => simd(0x00, 4, ...leb(offset));
export const V128_ZERO = simd(0x0c, ...new Array<number>(16).fill(0));
export const I32_LOAD = (offset: number) => [0x28, 2, ...leb(offset)];
export const F32X4_ADD = simd(0xe4);
export const I32X4_ADD = simd(0xae);

/**
 * Locals of the scoring kernels: params 0 rows, 1 query, 2 dim (bytes a row, for Hamming), 3 count,
 * 4 out; then 5 rowEnd, 6 q, 7 outEnd (i32) and from 8 the accumulators (v128).
 */
export const [ROWS, QUERY, DIM, COUNT, OUT, ROW_END, Q, OUT_END, ACC] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/** Sets v128 locals ACC..ACC+n−1 to zero. */
export const zeroAccumulators = (n: number) => Array.from({ length: n }, (_, k) => [...V128_ZERO, ...set(ACC + k)]).flat();

/** The opcodes that sum and store the lanes of one number type. */
interface Lanes {
  add4: number[];
  lane: (lane: number) => number[];
  add: number;
  store: number[];
}
export const F32_LANES: Lanes = { add4: F32X4_ADD, lane: (lane) => simd(0x1f, lane), add: F32_ADD, store: [0x38, 2, 0] };
export const I32_LANES: Lanes = { add4: I32X4_ADD, lane: (lane) => simd(0x1b, lane), add: ADD, store: [0x36, 2, 0] };

/** v128 local `acc` = (acc + acc+1) + (acc+2 + acc+3): four accumulators as one. */
export const addFour = ({ add4 }: Lanes, acc: number) => [...get(acc), ...get(acc + 1), ...add4, ...get(acc + 2), ...get(acc + 3), ...add4, ...add4, ...set(acc)];

/**
 * The end of a row in a scoring kernel: stores at local `out` the sum of the lanes of v128 local
 * `acc` (once `reduce` has left it there), steps `out` 4 bytes on and repeats the row loop while
 * `out` is below local `outEnd`.
 */
// prettier-ignore
export const storeSum = ({ lane, add, store }: Lanes, reduce: number[], acc: number, out: number, outEnd: number) => [
  ...get(out),
  ...reduce,
  ...get(acc), ...lane(0), ...get(acc), ...lane(1), add, ...get(acc), ...lane(2), ...get(acc), ...lane(3), add, add,
  ...store,
  ...get(out), ...i32(4), ADD, ...set(out),
  ...get(out), ...get(outEnd), LT_U, BR_IF, 0,
];

/**
 * Signature of both scoring kernels: `scores(rows, query, dim, count, out)`, all byte offsets
 * into the imported memory.
 */
export type ScoresKernel = (rows: number, query: number, dim: number, count: number, out: number) => void;

/** A module importing env.memory and exporting `scores(i32 × 5)` whose body uses three i32 and `v128Locals` v128 locals. */
export function scoresModule(body: number[], v128Locals: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    1,
    0,
    0,
    0,
    ...section(1, [1, 0x60, ...vec([I32, I32, I32, I32, I32]), ...vec([])]),
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('scores'), 0x00, 0]),
    ...section(10, [1, ...vec([2, 3, I32, v128Locals, V128, ...body])]),
  ]);
}

/**
 * Compiles a scoring module once and binds it to a memory; undefined where WebAssembly SIMD is
 * unavailable (or a Content-Security-Policy without wasm-unsafe-eval forbids compiling).
 */
export function kernelLoader(bytes: Uint8Array<ArrayBuffer>): (memory: WebAssembly.Memory) => ScoresKernel | undefined {
  let compiled: WebAssembly.Module | null | undefined;
  return (memory) => {
    if (compiled === undefined) {
      try {
        compiled = typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
      } catch {
        compiled = null;
      }
    }
    if (!compiled) return undefined;
    return new WebAssembly.Instance(compiled, { env: { memory } }).exports.scores as ScoresKernel;
  };
}

/** How a row kernel scores one row, given to `rowsBody`. */
interface RowScore {
  accumulators: number;
  /** Pushes the byte offset where the row ends, from local ROWS where it starts. */
  rowEnd: number[];
  /** Adds one stretch of the row (at ROWS) against the query (at Q) to the accumulators. */
  step: number[];
  /** Bytes of row and of query that `step` covers. */
  rowBytes: number;
  queryBytes: number;
  /** Stores the row's score at OUT and moves on (see storeSum). */
  store: number[];
}

/** The body of a kernel that scores `count` consecutive rows, one result at a time to `out`. */
// prettier-ignore
export const rowsBody = ({ accumulators, rowEnd, step, rowBytes, queryBytes, store }: RowScore) => [
  ...get(OUT), ...get(COUNT), ...i32(2), SHL, ADD, ...set(OUT_END),
  ...BLOCK,
  ...get(COUNT), EQZ, BR_IF, 0,
  ...LOOP, // one row
  ...zeroAccumulators(accumulators),
  ...get(QUERY), ...set(Q),
  ...rowEnd, ...set(ROW_END),
  ...LOOP, // rowBytes of the row
  ...step,
  ...get(ROWS), ...i32(rowBytes), ADD, ...set(ROWS),
  ...get(Q), ...i32(queryBytes), ADD, ...set(Q),
  ...get(ROWS), ...get(ROW_END), LT_U, BR_IF, 0,
  END,
  ...store,
  END,
  END,
  END,
];
