/**
 * Dot products of one 16-bit query with many stored 8-bit rows in WebAssembly SIMD: each 16
 * bytes of a row are widened to two i16x8 halves and multiplied with the query by
 * i32x4.dot_i16x8_s. A row of int8 is a quarter of the memory of float32 and scores about
 * twice as fast. Exports
 *
 *   scores(rows, query, dim, count, out)   all byte offsets into the imported memory
 *     for r in [0, count): i32 out[r] = Σ_j i8 rows[r·dim + j] · i16 query[j]
 *
 * and needs dim to be a positive multiple of 32 (32 bytes a loop, four accumulators). Sums are exact (|Σ| ≤ dim · 127 · 32767 fits an
 * i32 for dim up to 516); the caller scales them back to cosines.
 */
import {
  ACC,
  ADD,
  BLOCK,
  BR_IF,
  COUNT,
  DIM,
  END,
  EQZ,
  I32_LANES,
  I32_LOAD,
  I32X4_ADD,
  LOOP,
  LT_U,
  OUT,
  OUT_END,
  Q,
  QUERY,
  ROWS,
  SHL,
  V128_LOAD,
  addFour,
  get,
  i32,
  set,
  simd,
  storeSum,
  kernelLoader,
  rowsBody,
  scoresModule,
  zeroAccumulators,
  type ScoresKernel,
} from './wasm-bytes';

const EXTEND_LOW = simd(0x87);
const EXTEND_HIGH = simd(0x88);
const DOT = simd(0xba);

// Locals as in wasm-bytes: 8–11 accumulators, then 12 the loaded row bytes (v128).
const TMP = 12;

/** acc[k], acc[k+1] += 16 bytes at local `row` + `offset` · 16 query values at local `q` + 2·offset */
const accumulate = (row: number, q: number, k: number, offset: number) => [
  ...get(row),
  ...V128_LOAD(offset),
  ...set(TMP),
  ...get(ACC + k),
  ...get(TMP),
  ...EXTEND_LOW,
  ...get(q),
  ...V128_LOAD(2 * offset),
  ...DOT,
  ...I32X4_ADD,
  ...set(ACC + k),
  ...get(ACC + k + 1),
  ...get(TMP),
  ...EXTEND_HIGH,
  ...get(q),
  ...V128_LOAD(2 * offset + 16),
  ...DOT,
  ...I32X4_ADD,
  ...set(ACC + k + 1),
];

// One WebAssembly step a line (prettier would put each byte on its own).
// prettier-ignore
const body = rowsBody({
  accumulators: 4,
  rowEnd: [...get(ROWS), ...get(DIM), ADD],
  step: [...accumulate(ROWS, Q, 0, 0), ...accumulate(ROWS, Q, 2, 16)], // 32 bytes of the row against 32 query values
  rowBytes: 32,
  queryBytes: 64,
  store: storeSum(I32_LANES, addFour(I32_LANES, ACC), ACC, OUT, OUT_END),
});

export type Int8DotKernel = ScoresKernel;

/** The int8 SIMD kernel bound to `memory`, or undefined where WebAssembly SIMD is unavailable. */
export const simdInt8DotKernel = kernelLoader(scoresModule(body, 5));

// The same dot products for listed rows: params 0 rows (the first row's offset), 1 query, 2 dim,
// 3 count, 4 list (i32 row numbers, each overwritten by its row's sum); then 5 row, 6 q,
// 7 rowEnd (i32), and the same v128 locals.
const [LIST, ROW, LIST_END, ROW_END_AT] = [4, 5, 3, 7];
const MUL = 0x6c;

const DROP = 0x1a;
/**
 * How many places ahead in the list the gather kernel touches a row: the caller must list that many
 * valid rows past the last (measured at 1M × 384-d rows: 62,500 rows rescored in 10 ms, not 15).
 */
export const GATHER_AHEAD = 8;
/** Loads (and drops) a word from each 64-byte line of the row listed `ahead` places on, so its cache misses overlap this row's work. */
const touchAhead = (ahead: number, lines: number) => [
  ...get(ROWS),
  ...get(LIST),
  ...I32_LOAD(4 * ahead),
  ...get(DIM),
  MUL,
  ADD,
  ...set(ROW_END_AT),
  ...Array.from({ length: lines }, (_, l) => [...get(ROW_END_AT), ...I32_LOAD(64 * l), DROP]).flat(),
];

// prettier-ignore
const gatherBody = [
  ...get(LIST), ...get(COUNT), ...i32(2), SHL, ADD, ...set(LIST_END),
  ...BLOCK,
  ...get(LIST), ...get(LIST_END), LT_U, EQZ, BR_IF, 0,
  ...LOOP, // one listed row
  ...zeroAccumulators(4),
  ...get(QUERY), ...set(Q),
  ...touchAhead(GATHER_AHEAD, 6),
  ...get(ROWS), ...get(LIST), ...I32_LOAD(0), ...get(DIM), MUL, ADD, ...set(ROW),
  ...get(ROW), ...get(DIM), ADD, ...set(ROW_END_AT),
  ...LOOP, // 32 bytes of the row against 32 query values
  ...accumulate(ROW, Q, 0, 0), ...accumulate(ROW, Q, 2, 16),
  ...get(ROW), ...i32(32), ADD, ...set(ROW),
  ...get(Q), ...i32(64), ADD, ...set(Q),
  ...get(ROW), ...get(ROW_END_AT), LT_U, BR_IF, 0,
  END,
  ...storeSum(I32_LANES, addFour(I32_LANES, ACC), ACC, LIST, LIST_END),
  END,
  END,
  END,
];

/**
 * The int8 kernel for listed rows: `scores(rows, query, dim, count, list)` reads `count` i32 row
 * numbers at `list` and overwrites each with Σ_j i8 rows[row·dim + j] · i16 query[j]. It also reads
 * the GATHER_AHEAD row numbers after them, and those rows (their cache misses then overlap).
 */
export const simdInt8GatherKernel = kernelLoader(scoresModule(gatherBody, 5));
