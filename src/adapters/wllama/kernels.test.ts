import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The WebAssembly build's quantised dot-product kernels (wasm/llama/patches) against ggml's
 * portable reference kernels, run in the built module itself (wasm/llama/dist) under Node: random
 * rows of 1 to 16 super-blocks (odd counts among them), for each quantisation the patch rewrites.
 */
const DIST = join(__dirname, '../../../wasm/llama/dist');
interface Module {
  _sl_kernel_check: (type: number, blocks: number, seed: number) => number;
  _sl_kernel_rate: (type: number, blocks: number, iters: number) => number;
  PThread: { terminateAllThreads: () => void };
}

/** ggml_type numbers (ggml.h). */
const TYPES = { Q4_K: 12, Q6_K: 14 } as const;
/** Both sum the same integer products as the reference; only the float sums' order differs. */
const TOLERANCE = 1e-4;

let dir = '';
let m: Module;

beforeAll(async () => {
  // The build is a CommonJS script with a worker script beside it: copied where .js files are CommonJS (this package's are ES modules).
  dir = mkdtempSync(join(tmpdir(), 'sieve-kernels-'));
  for (const f of readdirSync(DIST)) copyFileSync(join(DIST, f), join(dir, f));
  writeFileSync(join(dir, 'package.json'), '{"type":"commonjs"}');
  const create = createRequire(import.meta.url)(join(dir, 'sieve-llama.js')) as (o: object) => Promise<Module>;
  m = await create({ threads: 1, wasmBinary: readFileSync(join(dir, 'sieve-llama.wasm')), print: () => {}, printErr: () => {} });
}, 60_000);

afterAll(() => {
  m?.PThread.terminateAllThreads();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the WebAssembly quantised kernels', () => {
  it.each(Object.keys(TYPES) as Array<keyof typeof TYPES>)('%s agrees with the reference kernel', (type) => {
    for (const blocks of [1, 2, 3, 7, 16]) {
      for (let seed = 1; seed <= 4; seed++) expect(m._sl_kernel_check(TYPES[type], blocks, seed * 7919 + blocks)).toBeLessThan(TOLERANCE);
    }
  });

  it('refuses a type it does not check or time', () => {
    expect(m._sl_kernel_check(2, 1, 1)).toBe(-1);
    expect(m._sl_kernel_rate(2, 1, 1)).toBe(-1);
  });

  it('times a kernel in multiply-adds per second (the figure docs/benchmarks.md quotes)', () => {
    // A floor far under any machine's rate (billions a second): the export runs and times real work.
    for (const type of Object.values(TYPES)) expect(m._sl_kernel_rate(type, 4, 200)).toBeGreaterThan(1e6);
  });
});
