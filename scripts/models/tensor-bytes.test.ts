import { describe, expect, it } from 'vitest';
import { quantizeInt8, toFloat16Bits } from './tensor-bytes';

describe('toFloat16Bits', () => {
  it.each([
    [1, 0x3c00],
    [-2, 0xc000],
    [0.5, 0x3800],
    [65504, 0x7bff],
    [0.1, 0x2e66],
    [2 ** -24, 0x0001],
    [2 ** -14, 0x0400],
    [0, 0x0000],
    [1e-9, 0x0000],
    [1e6, 0x7c00],
    [Infinity, 0x7c00],
    [-Infinity, 0xfc00],
  ])('%d → %i', (value, bits) => {
    expect(toFloat16Bits(value)).toBe(bits);
  });

  it('encodes NaN as a NaN', () => {
    const bits = toFloat16Bits(NaN);
    expect(bits & 0x7c00).toBe(0x7c00);
    expect(bits & 0x3ff).not.toBe(0);
  });

  it('rounds halfway cases to even', () => {
    // 1 + 2^-11 lies halfway between 1 and the next half float 1 + 2^-10.
    expect(toFloat16Bits(1 + 2 ** -11)).toBe(0x3c00);
    expect(toFloat16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02);
  });
});

describe('quantizeInt8', () => {
  it('reconstructs every value within half a step', () => {
    const values = [-1.5, -0.2, 0, 0.33, 0.9, 1.27];
    const { q, scale } = quantizeInt8(values);
    expect(Math.max(...Array.from(q, Math.abs))).toBe(127);
    values.forEach((v, i) => expect(Math.abs(q[i] * scale - v)).toBeLessThanOrEqual(scale / 2 + 1e-7));
  });
});
