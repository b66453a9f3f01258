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
import { ADD, BLOCK, BR_IF, END, EQZ, LOOP, LT_U, SHL, V128_LOAD, V128_ZERO, get, i32, set, simd, kernelLoader, scoresModule, type ScoresKernel } from './wasm-bytes';

const I32_STORE = [0x36, 2, 0];
const XOR = simd(0x51);
const POPCNT = simd(0x62);
const I8X16_ADD = simd(0x6e);
const EXTADD_I8_U = simd(0x7d);
const EXTADD_I16_U = simd(0x7f);
const LANE = (lane: number) => simd(0x1b, lane);

// Locals: params 0 rows, 1 query, 2 stride, 3 count, 4 out; then 5 rowEnd, 6 q, 7 outEnd (i32); 8 the lane counts (v128).
const [ROWS, QUERY, STRIDE, COUNT, OUT, ROW_END, Q, OUT_END] = [0, 1, 2, 3, 4, 5, 6, 7];
const ACC = 8;

// One WebAssembly step a line (prettier would put each byte on its own).
// prettier-ignore
const body = [
  ...get(OUT), ...get(COUNT), ...i32(2), SHL, ADD, ...set(OUT_END),
  ...BLOCK,
  ...get(COUNT), EQZ, BR_IF, 0,
  ...LOOP, // one row
  ...V128_ZERO, ...set(ACC),
  ...get(QUERY), ...set(Q),
  ...get(ROWS), ...get(STRIDE), ADD, ...set(ROW_END),
  ...LOOP, // 16 bytes of the row
  ...get(ACC), ...get(ROWS), ...V128_LOAD(0), ...get(Q), ...V128_LOAD(0), ...XOR, ...POPCNT, ...I8X16_ADD, ...set(ACC),
  ...get(ROWS), ...i32(16), ADD, ...set(ROWS),
  ...get(Q), ...i32(16), ADD, ...set(Q),
  ...get(ROWS), ...get(ROW_END), LT_U, BR_IF, 0,
  END,
  ...get(OUT),
  ...get(ACC), ...EXTADD_I8_U, ...EXTADD_I16_U, ...set(ACC),
  ...get(ACC), ...LANE(0), ...get(ACC), ...LANE(1), ADD, ...get(ACC), ...LANE(2), ...get(ACC), ...LANE(3), ADD, ADD,
  ...I32_STORE,
  ...get(OUT), ...i32(4), ADD, ...set(OUT),
  ...get(OUT), ...get(OUT_END), LT_U, BR_IF, 0,
  END,
  END,
  END,
];

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
