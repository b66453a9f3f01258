/** Builds small GGUF files for tests: a header with the given key–values and no tensors. */
type GgufValue =
  | { type: 'string'; value: string }
  | { type: 'u32'; value: number }
  | { type: 'u64'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'strings'; value: string[] }
  | { type: 'i32s'; value: number[] };

export function ggufBytes(kvs: Array<[string, GgufValue]>, version = 3): Uint8Array {
  const out: number[] = [];
  const u32 = (n: number) => out.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
  const u64 = (n: number) => {
    u32(n % 2 ** 32);
    u32(Math.floor(n / 2 ** 32));
  };
  const count = version === 1 ? u32 : u64;
  const str = (s: string) => {
    const b = new TextEncoder().encode(s);
    count(b.length);
    out.push(...b);
  };
  out.push(...new TextEncoder().encode('GGUF'));
  u32(version);
  count(0); // tensors
  count(kvs.length);
  for (const [key, v] of kvs) {
    str(key);
    switch (v.type) {
      case 'string':
        u32(8);
        str(v.value);
        break;
      case 'u32':
        u32(4);
        u32(v.value);
        break;
      case 'u64':
        u32(10);
        u64(v.value);
        break;
      case 'f32': {
        u32(6);
        out.push(...new Uint8Array(new Float32Array([v.value]).buffer));
        break;
      }
      case 'bool':
        u32(7);
        out.push(v.value ? 1 : 0);
        break;
      case 'strings':
        u32(9);
        u32(8);
        count(v.value.length);
        v.value.forEach(str);
        break;
      case 'i32s':
        u32(9);
        u32(5);
        count(v.value.length);
        v.value.forEach(u32);
        break;
    }
  }
  return new Uint8Array(out);
}

/** A SmolLM-like header: name, architecture, a vocabulary array, then the context length. */
export function smolHeader(options: { architecture?: string; contextLength?: number; name?: string } = {}): Uint8Array {
  const arch = options.architecture ?? 'llama';
  return ggufBytes([
    ['general.architecture', { type: 'string', value: arch }],
    ['general.type', { type: 'string', value: 'model' }],
    ['general.name', { type: 'string', value: options.name ?? 'SmolLM2 135M Instruct' }],
    ['general.file_type', { type: 'u32', value: 3 }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: ['<|im_start|>', 'Ġthe', 'Ġ7', '7'] }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: [3, 1, 1, 1] }],
    [`${arch}.rope.freq_base`, { type: 'f32', value: 100000 }],
    [`${arch}.context_length`, { type: 'u32', value: options.contextLength ?? 8192 }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
  ]);
}
