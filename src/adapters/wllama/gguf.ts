/** What Sieve reads from a GGUF file's header before handing the file to llama.cpp. */
export interface GgufHeader {
  version: number;
  /** general.architecture, e.g. "llama", "qwen2", "gemma3". */
  architecture?: string;
  /** general.name, e.g. "SmolLM2 135M Instruct". */
  name?: string;
  /** `<architecture>.context_length`: the context the model was trained with. */
  contextLength?: number;
}

const MAGIC = [0x47, 0x47, 0x55, 0x46]; // "GGUF"

export function hasGgufMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && MAGIC.every((b, i) => bytes[i] === b);
}

/** A few words on what a file that is not GGUF looks like instead, for the error message. */
export function describeNotGguf(bytes: Uint8Array): string {
  if (bytes.length < 4) return `it is only ${bytes.length} bytes long`;
  const text = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().toLowerCase();
  if (text.startsWith('<!doctype') || text.startsWith('<html') || text.startsWith('<'))
    return 'it is a web page (HTML), not a model file (from a URL, usually a "not found" or sign-in page)';
  if (text.startsWith('{')) return 'it is JSON text, not a model file';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'it is a ZIP archive (extract the .gguf from it first)';
  if (text.startsWith('version https://git-lfs')) return 'it is a Git LFS pointer, not the model itself';
  const hex = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return `it starts with the bytes ${hex}, not "GGUF"`;
}

const CHUNK = 1024 * 1024;

/** Reads a Blob from the start, a chunk at a time, so a header is parsed without reading the weights. */
class BlobCursor {
  private buf = new Uint8Array(0);
  private bufStart = 0;
  pos = 0;

  constructor(
    private readonly blob: Blob,
    private readonly limit: number,
  ) {}

  async bytes(n: number): Promise<Uint8Array> {
    const end = this.pos + n;
    if (end > this.limit || end > this.blob.size) throw new RangeError('header ends past the bytes read');
    if (end > this.bufStart + this.buf.length) {
      const from = this.pos;
      const to = Math.min(this.blob.size, Math.max(end, from + CHUNK));
      this.buf = new Uint8Array(await this.blob.slice(from, to).arrayBuffer());
      this.bufStart = from;
    }
    const out = this.buf.subarray(this.pos - this.bufStart, end - this.bufStart);
    if (out.length < n) throw new RangeError('the file ends inside its header');
    this.pos = end;
    return out;
  }

  async skip(n: number): Promise<void> {
    if (this.pos + n > this.limit || this.pos + n > this.blob.size) throw new RangeError('header ends past the bytes read');
    this.pos += n;
  }

  async u32(): Promise<number> {
    const b = await this.bytes(4);
    return new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true);
  }

  /** A u64 as a number (header counts and lengths are far below 2^53). */
  async u64(): Promise<number> {
    const b = await this.bytes(8);
    return Number(new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0, true));
  }
}

/** Byte sizes of GGUF's fixed-size value types, by type id (8 string and 9 array vary). */
const FIXED_SIZE: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;

/**
 * Parses the key–value section of a GGUF header (versions 1–3) for the architecture, name and
 * training context length, stopping once all three are found. Reads at most `limit` bytes (the
 * tokenizer's arrays come after these keys in files llama.cpp writes). Throws when the file
 * does not start with "GGUF".
 */
export async function readGgufHeader(blob: Blob, limit = 64 * CHUNK): Promise<GgufHeader> {
  const r = new BlobCursor(blob, limit);
  if (!hasGgufMagic(await r.bytes(4).catch(() => new Uint8Array(0)))) throw new Error('not a GGUF file');
  const version = await r.u32();
  // Version 1 wrote counts and string lengths as u32; later versions as u64.
  const count = version === 1 ? () => r.u32() : () => r.u64();
  const str = async () => new TextDecoder().decode(await r.bytes(await count()));
  await count(); // tensors
  const kvs = await count();
  const header: GgufHeader = { version };
  const done = () => header.architecture !== undefined && header.name !== undefined && header.contextLength !== undefined;

  const skipValue = async (type: number): Promise<void> => {
    if (type === STRING) return r.skip(await count());
    if (type === ARRAY) {
      const itemType = await r.u32();
      const n = await count();
      if (FIXED_SIZE[itemType] !== undefined) return r.skip(n * FIXED_SIZE[itemType]);
      for (let i = 0; i < n; i++) await skipValue(itemType);
      return;
    }
    if (FIXED_SIZE[type] === undefined) throw new Error(`unknown GGUF value type ${type}`);
    return r.skip(FIXED_SIZE[type]);
  };
  const readInteger = async (type: number): Promise<number | undefined> => {
    // Unsigned or signed, 32 or 64 bits: a context length reads the same either way.
    if (type === 4 || type === 5) return r.u32();
    if (type === 10 || type === 11) return r.u64();
    await skipValue(type);
    return undefined;
  };

  // `<architecture>.context_length` may in principle come before general.architecture.
  const contextLengths = new Map<string, number | undefined>();
  try {
    for (let i = 0; i < kvs && !done(); i++) {
      const key = await str();
      const type = await r.u32();
      if (key === 'general.architecture' && type === STRING) header.architecture = await str();
      else if (key === 'general.name' && type === STRING) header.name = await str();
      else if (key.endsWith('.context_length')) contextLengths.set(key, await readInteger(type));
      else await skipValue(type);
      if (header.architecture) header.contextLength = contextLengths.get(`${header.architecture}.context_length`);
    }
  } catch (e) {
    // A header longer than `limit`, or a file cut short: keep what was found.
    if (!(e instanceof RangeError)) throw e;
  }
  return header;
}
