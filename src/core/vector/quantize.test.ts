import { describe, expect, it } from 'vitest';
import { dequantizeRows, quantizeRows } from './quantize';

describe('quantizeRows', () => {
  const dim = 8;
  const matrix = Float32Array.from({ length: 3 * dim }, (_, i) => Math.sin(i * 1.7) * (i < dim ? 0.01 : 1));
  const quantized = quantizeRows(matrix, dim);

  it('keeps each row within half a step of its scale, rows of any magnitude', () => {
    const back = dequantizeRows(quantized, dim);
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < dim; j++) expect(Math.abs(back[r * dim + j] - matrix[r * dim + j])).toBeLessThanOrEqual(quantized.scales[r] / 2 + 1e-9);
    }
    expect(Math.max(...Array.from(quantized.q).map(Math.abs))).toBe(127);
  });

  it('gives the same bytes back when a dequantized row is quantized again', () => {
    const again = quantizeRows(dequantizeRows(quantized, dim), dim);
    expect(Array.from(again.q)).toEqual(Array.from(quantized.q));
    again.scales.forEach((s, r) => expect(s).toBeCloseTo(quantized.scales[r], 7));
  });

  it('leaves a zero row at zero', () => {
    const zero = quantizeRows(new Float32Array(dim), dim);
    expect(Array.from(dequantizeRows(zero, dim))).toEqual(new Array(dim).fill(0));
  });
});
