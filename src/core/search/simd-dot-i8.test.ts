import { describe, expect, it } from 'vitest';
import { simdInt8DotKernel } from './simd-dot-i8';

describe('simdInt8DotKernel', () => {
  it('computes exact integer dot products of int8 rows with an int16 query', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const kernel = simdInt8DotKernel(memory)!;
    expect(kernel).toBeDefined();
    const dim = 96;
    const count = 7;
    // Layout: query (i16) at 0, rows (i8) at 1024, out (i32) at 4096.
    const query = new Int16Array(memory.buffer, 0, dim);
    const rows = new Int8Array(memory.buffer, 1024, count * dim);
    for (let j = 0; j < dim; j++) query[j] = ((j * 7919) % 65535) - 32767;
    for (let i = 0; i < rows.length; i++) rows[i] = ((i * 31) % 255) - 127;
    kernel(1024, 0, dim, count, 4096);
    const out = new Int32Array(memory.buffer, 4096, count);
    for (let r = 0; r < count; r++) {
      let want = 0;
      for (let j = 0; j < dim; j++) want += rows[r * dim + j] * query[j];
      expect(out[r]).toBe(want);
    }
  });
});
