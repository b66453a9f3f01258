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

import {
  ACC,
  ADD,
  DIM,
  F32_LANES,
  F32X4_ADD,
  OUT,
  OUT_END,
  Q,
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
  type ScoresKernel,
} from './wasm-bytes';

const F32X4_MUL = simd(0xe6);

/** acc[k] += rows[off..off+16 bytes) * q[off..off+16 bytes) */
const accumulate = (k: number) => [...get(ACC + k), ...get(ROWS), ...V128_LOAD(16 * k), ...get(Q), ...V128_LOAD(16 * k), ...F32X4_MUL, ...F32X4_ADD, ...set(ACC + k)];

// One WebAssembly step a line (prettier would put each byte on its own).
// prettier-ignore
const body = rowsBody({
  accumulators: 4,
  rowEnd: [...get(ROWS), ...get(DIM), ...i32(2), SHL, ADD],
  step: [...accumulate(0), ...accumulate(1), ...accumulate(2), ...accumulate(3)], // 16 floats
  rowBytes: 64,
  queryBytes: 64,
  // out[r] = horizontal sum of (acc0 + acc1) + (acc2 + acc3)
  store: storeSum(F32_LANES, addFour(F32_LANES, ACC), ACC, OUT, OUT_END),
});

export type DotKernel = ScoresKernel;

/** The SIMD kernel bound to `memory`, or undefined where WebAssembly SIMD is unavailable. */
export const simdDotKernel = kernelLoader(scoresModule(body, 4));
