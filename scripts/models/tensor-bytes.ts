/** Little-endian element bytes for ONNX `raw_data`, plus the fp16 and int8 conversions. */

export function float32Bytes(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i], true);
  return out;
}

export function int64Bytes(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(values.length * 8);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setBigInt64(i * 8, BigInt(values[i]), true);
  return out;
}

export function int8Bytes(values: ArrayLike<number>): Uint8Array {
  return Uint8Array.from(Int8Array.from(values));
}

export function float16Bytes(values: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setUint16(i * 2, toFloat16Bits(values[i]), true);
  return out;
}

/** IEEE 754 binary16 bits of `value`, rounded to nearest even (Node 20 has no Float16Array). */
export function toFloat16Bits(value: number): number {
  const f32 = new DataView(new ArrayBuffer(4));
  f32.setFloat32(0, value);
  const bits = f32.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;

  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    // Subnormal: shift the implicit leading 1 into the mantissa.
    const m = mantissa | 0x800000;
    const shift = 14 - e;
    const half = 1 << (shift - 1);
    const rest = m & ((1 << shift) - 1);
    let result = m >>> shift;
    if (rest > half || (rest === half && result & 1)) result++;
    return sign | result;
  }
  let result = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  // Carry from rounding may bump the exponent, which is still the right encoding.
  if (rest > 0x1000 || (rest === 0x1000 && result & 1)) result++;
  return sign | result;
}

/** Symmetric per-tensor int8 quantisation: value ≈ q * scale, zero point 0. */
export function quantizeInt8(values: ArrayLike<number>): { q: Int8Array; scale: number } {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, Math.abs(values[i]));
  const scale = Math.fround(max > 0 ? max / 127 : 1);
  const q = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(values[i] / scale)));
  return { q, scale };
}
