/**
 * Minimal protocol-buffers encoder: just the wire types the ONNX model format needs
 * (varint, 32-bit float, length-delimited). Fields are written in call order.
 */
export class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  /** int32/int64/enum/bool field; negative values use the 10-byte two's-complement form. */
  varint(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.rawVarint(BigInt.asUintN(64, BigInt(value)));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.rawVarint(BigInt(value.length));
    this.push(value);
    return this;
  }

  message(field: number, value: ProtoWriter): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  private tag(field: number, wireType: number): void {
    this.rawVarint(BigInt((field << 3) | wireType));
  }

  private rawVarint(value: bigint): void {
    const bytes: number[] = [];
    let rest = value;
    do {
      let byte = Number(rest & 0x7fn);
      rest >>= 7n;
      if (rest !== 0n) byte |= 0x80;
      bytes.push(byte);
    } while (rest !== 0n);
    this.push(Uint8Array.from(bytes));
  }

  private push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }
}
