/**
 * Hamming distances of one bit string (the query's sign bits) to many stored bit strings (rows'
 * sign bits) in WebAssembly SIMD: each 16 bytes of a row are XORed with the query, counted by
 * i8x16.popcnt and summed per lane. Exports
 *
 *   scores(rows, query, stride, count, out)   all byte offsets into the imported memory
 *     for r in [0, count): i32 out[r] = popcount(rows[r·stride .. +stride] XOR query[0 .. stride])
 *
 * and needs stride to be a positive multiple of 16, at most 496 bytes (a lane counts at most 8
 * per 16 bytes and must stay below 256).
 */
import {
  ACC,
  ADD,
  DIM as STRIDE,
  I32_LANES,
  OUT,
  OUT_END,
  Q,
  ROWS,
  V128_LOAD,
  get,
  set,
  simd,
  storeSum,
  kernelLoader,
  rowsBody,
  scoresModule,
  type ScoresKernel,
} from './wasm-bytes';

const XOR = simd(0x51);
const POPCNT = simd(0x62);
const I8X16_ADD = simd(0x6e);
const EXTADD_I8_U = simd(0x7d);
const EXTADD_I16_U = simd(0x7f);

// One WebAssembly step a line (prettier would put each byte on its own); one accumulator, the lane counts.
// prettier-ignore
const body = rowsBody({
  accumulators: 1,
  rowEnd: [...get(ROWS), ...get(STRIDE), ADD],
  step: [...get(ACC), ...get(ROWS), ...V128_LOAD(0), ...get(Q), ...V128_LOAD(0), ...XOR, ...POPCNT, ...I8X16_ADD, ...set(ACC)],
  rowBytes: 16,
  queryBytes: 16,
  store: storeSum(I32_LANES, [...get(ACC), ...EXTADD_I8_U, ...EXTADD_I16_U, ...set(ACC)], ACC, OUT, OUT_END),
});

export type HammingKernel = ScoresKernel;

/** The Hamming SIMD kernel bound to `memory`, or undefined where WebAssembly SIMD is unavailable. */
export const simdHammingKernel = kernelLoader(scoresModule(body, 1));

const POP8 = new Uint8Array(256);
for (let i = 1; i < 256; i++) POP8[i] = (i & 1) + POP8[i >> 1];

/** The same distances in plain JavaScript, over bytes: `rows` from byte `at`, `stride` bytes a row. */
export function hammingScores(rows: Uint8Array, at: number, query: Uint8Array, stride: number, count: number, out: Int32Array): void {
  for (let r = 0; r < count; r++) {
    let d = 0;
    const o = at + r * stride;
    for (let b = 0; b < stride; b++) d += POP8[rows[o + b] ^ query[b]];
    out[r] = d;
  }
}
