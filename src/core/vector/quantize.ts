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
  for (let r = 0; r < rows; r++) scales[row + r] = quantizeRow(matrix, r * dim, dim, q, at + r * dim, 127);
}

/** Writes values[from, from + dim) to `out` from `to` as integers in −levels..levels; returns their scale. */
export function quantizeRow(values: Float32Array, from: number, dim: number, out: Int8Array | Int16Array, to: number, levels: number): number {
  let max = 0;
  for (let j = 0; j < dim; j++) max = Math.max(max, Math.abs(values[from + j]));
  const scale = max / levels || 1;
  for (let j = 0; j < dim; j++) out[to + j] = Math.round(values[from + j] / scale);
  return scale;
}

export function dequantizeRows({ q, scales }: QuantizedRows, dim: number): Float32Array {
  const out = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) out[i] = q[i] * scales[Math.floor(i / dim)];
  return out;
}
