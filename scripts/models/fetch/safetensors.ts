/** Reads tensors from a safetensors file: an 8-byte header length, a JSON header, then raw data. */

export interface SafeTensor {
  dtype: string;
  shape: number[];
  data: Float32Array;
}

interface HeaderEntry {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

export function safetensorsHeader(bytes: Uint8Array): { header: Record<string, HeaderEntry>; dataStart: number } {
  if (bytes.length < 8) throw new Error('not a safetensors file: shorter than its header length');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Number(view.getBigUint64(0, true));
  if (n <= 0 || 8 + n > bytes.length) throw new Error('not a safetensors file: header length out of range');
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n))) as Record<string, HeaderEntry>;
  delete (json as Record<string, unknown>).__metadata__;
  return { header: json, dataStart: 8 + n };
}

/** Every floating-point tensor as fp32 (F32 copied, F16 and BF16 widened); other dtypes are skipped. */
export function readSafetensors(bytes: Uint8Array): Map<string, SafeTensor> {
  const { header, dataStart } = safetensorsHeader(bytes);
  const out = new Map<string, SafeTensor>();
  for (const [name, e] of Object.entries(header)) {
    const [begin, end] = e.data_offsets;
    const raw = bytes.subarray(dataStart + begin, dataStart + end);
    const count = e.shape.reduce((a, b) => a * b, 1);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const data = new Float32Array(count);
    if (e.dtype === 'F32') for (let i = 0; i < count; i++) data[i] = view.getFloat32(i * 4, true);
    else if (e.dtype === 'F16') for (let i = 0; i < count; i++) data[i] = halfToFloat(view.getUint16(i * 2, true));
    else if (e.dtype === 'BF16') for (let i = 0; i < count; i++) data[i] = bf16ToFloat(view.getUint16(i * 2, true));
    else continue;
    if (raw.length !== count * (e.dtype === 'F32' ? 4 : 2)) throw new Error(`safetensors tensor ${name}: ${raw.length} bytes for shape [${e.shape}]`);
    out.set(name, { dtype: e.dtype, shape: e.shape, data });
  }
  return out;
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

function bf16ToFloat(b: number): number {
  const u = new Uint32Array([b << 16]);
  return new Float32Array(u.buffer)[0];
}
