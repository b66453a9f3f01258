/** Bytes for the archive: checksums, and float arrays as little-endian bytes and back. */
export async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A Float32Array's values as little-endian bytes (a copy). */
export function float32ToBytes(values: Float32Array): Uint8Array {
  if (littleEndian) return new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength) as ArrayBuffer);
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

/** Little-endian Float32 bytes back to values; undefined when the length is not a whole number of floats. */
export function bytesToFloat32(bytes: Uint8Array): Float32Array | undefined {
  if (bytes.length % 4 !== 0) return undefined;
  if (littleEndian) return new Float32Array(bytes.slice().buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/** The bytes as an ArrayBuffer of their own. */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
}
