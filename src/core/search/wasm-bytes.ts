/** Bytes of hand-assembled WebAssembly modules: LEB128 numbers, sections, and the opcodes the SIMD kernels use. */

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
