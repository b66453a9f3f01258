/**
 * Dot products of one query with many stored rows in WebAssembly SIMD (four f32x4
 * accumulators): 3–4× the plain JavaScript loop, which V8 does not vectorise. The module is
 * assembled below from its opcodes (a couple of hundred bytes), so there is no build step or
 * .wasm file to serve. It exports
 *
 *   scores(rows, query, dim, count, out)   all byte offsets into the imported memory
 *     for r in [0, count): f32 out[r] = Σ_j rows[r·dim + j] · query[j]
 *
 * and needs dim to be a positive multiple of 16. Sums are accumulated in float32 (the JS loop
 * uses float64), so scores can differ from it in the 7th significant digit.
 */

import { ADD, BLOCK, BR_IF, END, EQZ, F32_ADD, LOOP, LT_U, SHL, V128_LOAD, V128_ZERO, get, i32, set, simd, kernelLoader, scoresModule, type ScoresKernel } from './wasm-bytes';

const F32_STORE = [0x38, 2, 0];
const F32X4_ADD = simd(0xe4);
const F32X4_MUL = simd(0xe6);
const LANE = (lane: number) => simd(0x1f, lane);

// Locals: params 0 rows, 1 query, 2 dim, 3 count, 4 out; then 5 rowEnd, 6 q, 7 outEnd (i32)
// and 8–11 the accumulators (v128).
const [ROWS, QUERY, DIM, COUNT, OUT, ROW_END, Q, OUT_END] = [0, 1, 2, 3, 4, 5, 6, 7];
const ACC = 8;

/** acc[k] += rows[off..off+16 bytes) * q[off..off+16 bytes) */
const accumulate = (k: number) => [...get(ACC + k), ...get(ROWS), ...V128_LOAD(16 * k), ...get(Q), ...V128_LOAD(16 * k), ...F32X4_MUL, ...F32X4_ADD, ...set(ACC + k)];

// One WebAssembly step a line (prettier would put each byte on its own).
// prettier-ignore
const body = [
  ...get(OUT), ...get(COUNT), ...i32(2), SHL, ADD, ...set(OUT_END),
  ...BLOCK,
  ...get(COUNT), EQZ, BR_IF, 0,
  ...LOOP, // one row
  ...V128_ZERO, ...set(ACC), ...V128_ZERO, ...set(ACC + 1), ...V128_ZERO, ...set(ACC + 2), ...V128_ZERO, ...set(ACC + 3),
  ...get(QUERY), ...set(Q),
  ...get(ROWS), ...get(DIM), ...i32(2), SHL, ADD, ...set(ROW_END),
  ...LOOP, // 16 floats of the row
  ...accumulate(0), ...accumulate(1), ...accumulate(2), ...accumulate(3),
  ...get(ROWS), ...i32(64), ADD, ...set(ROWS),
  ...get(Q), ...i32(64), ADD, ...set(Q),
  ...get(ROWS), ...get(ROW_END), LT_U, BR_IF, 0,
  END,
  // out[r] = horizontal sum of (acc0 + acc1) + (acc2 + acc3)
  ...get(OUT),
  ...get(ACC), ...get(ACC + 1), ...F32X4_ADD, ...get(ACC + 2), ...get(ACC + 3), ...F32X4_ADD, ...F32X4_ADD, ...set(ACC),
  ...get(ACC), ...LANE(0), ...get(ACC), ...LANE(1), F32_ADD, ...get(ACC), ...LANE(2), ...get(ACC), ...LANE(3), F32_ADD, F32_ADD,
  ...F32_STORE,
  ...get(OUT), ...i32(4), ADD, ...set(OUT),
  ...get(OUT), ...get(OUT_END), LT_U, BR_IF, 0,
  END,
  END,
  END,
];

export type DotKernel = ScoresKernel;

/** The SIMD kernel bound to `memory`, or undefined where WebAssembly SIMD is unavailable. */
export const simdDotKernel = kernelLoader(scoresModule(body, 4));
