/**
 * Vectors as 8-bit integers with one scale per row (x ≈ scale · q, q in −127..127): a quarter of
 * float32's size, in memory and in storage. Quantizing a dequantized row gives the same row back.
 */

export interface QuantizedRows {
  q: Int8Array;
  /** One per row. */
  scales: Float32Array;
}

export function quantizeRows(matrix: Float32Array, dim: number): QuantizedRows {
  const rows = dim > 0 ? matrix.length / dim : 0;
  const q = new Int8Array(matrix.length);
  const scales = new Float32Array(rows);
  quantizeInto(matrix, dim, q, 0, scales, 0);
  return { q, scales };
}

/** Quantizes `matrix` into `q` from byte `at` and `scales` from row `row`. */
export function quantizeInto(matrix: Float32Array, dim: number, q: Int8Array, at: number, scales: Float32Array, row: number): void {
  const rows = matrix.length / dim;
  for (let r = 0; r < rows; r++) {
    const from = r * dim;
    let max = 0;
    for (let j = 0; j < dim; j++) max = Math.max(max, Math.abs(matrix[from + j]));
    const scale = max / 127 || 1;
    const to = at + from;
    for (let j = 0; j < dim; j++) q[to + j] = Math.round(matrix[from + j] / scale);
    scales[row + r] = scale;
  }
}

export function dequantizeRows({ q, scales }: QuantizedRows, dim: number): Float32Array {
  const out = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) out[i] = q[i] * scales[Math.floor(i / dim)];
  return out;
}
