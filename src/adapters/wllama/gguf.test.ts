import { describe, expect, it } from 'vitest';
import { describeNotGguf, hasGgufMagic, readGgufHeader } from './gguf';
import { ggufBytes, smolHeader } from './test-gguf';

const blob = (bytes: Uint8Array) => new Blob([bytes as BlobPart]);

describe('hasGgufMagic', () => {
  it('accepts "GGUF" and nothing else', () => {
    expect(hasGgufMagic(smolHeader())).toBe(true);
    expect(hasGgufMagic(new TextEncoder().encode('GGUG'))).toBe(false);
    expect(hasGgufMagic(new TextEncoder().encode('GGU'))).toBe(false);
    expect(hasGgufMagic(new TextEncoder().encode('<!DOCTYPE html>'))).toBe(false);
  });
});

describe('describeNotGguf', () => {
  it('names what a wrong file is', () => {
    expect(describeNotGguf(new TextEncoder().encode('<!DOCTYPE html><html>'))).toMatch(/web page/);
    expect(describeNotGguf(new Uint8Array([0x50, 0x4b, 3, 4, 0]))).toMatch(/ZIP archive/);
    expect(describeNotGguf(new TextEncoder().encode('version https://git-lfs.github.com/spec/v1'))).toMatch(/Git LFS pointer/);
    expect(describeNotGguf(new Uint8Array([0xde, 0xad, 0xbe, 0xef]))).toBe('it starts with the bytes de ad be ef, not "GGUF"');
    expect(describeNotGguf(new Uint8Array([1]))).toBe('it is only 1 bytes long');
  });
});

describe('readGgufHeader', () => {
  it('reads architecture, name and training context, skipping strings, arrays, floats and bools', async () => {
    expect(await readGgufHeader(blob(smolHeader({ architecture: 'qwen2', contextLength: 32768, name: 'Qwen2.5 0.5B Instruct' })))).toEqual({
      version: 3,
      architecture: 'qwen2',
      name: 'Qwen2.5 0.5B Instruct',
      contextLength: 32768,
    });
  });

  it('takes the context length of the named architecture only, even when it comes first', async () => {
    const bytes = ggufBytes([
      ['clip.context_length', { type: 'u32', value: 77 }],
      ['gemma3.context_length', { type: 'u64', value: 131072 }],
      ['general.architecture', { type: 'string', value: 'gemma3' }],
    ]);
    expect(await readGgufHeader(blob(bytes))).toEqual({ version: 3, architecture: 'gemma3', contextLength: 131072 });
  });

  it('reads version 1 files, whose counts and lengths are 32-bit', async () => {
    const bytes = ggufBytes(
      [
        ['general.architecture', { type: 'string', value: 'llama' }],
        ['llama.context_length', { type: 'u32', value: 2048 }],
      ],
      1,
    );
    expect(await readGgufHeader(blob(bytes))).toEqual({ version: 1, architecture: 'llama', contextLength: 2048 });
  });

  it('keeps what it found when the header is cut short or longer than the bytes it may read', async () => {
    const full = smolHeader();
    const inTokens = new TextDecoder('latin1').decode(full).indexOf('the');
    const cut = full.subarray(0, inTokens); // ends inside the token array, before the context length
    expect(await readGgufHeader(blob(cut))).toEqual({ version: 3, architecture: 'llama', name: 'SmolLM2 135M Instruct' });
    expect(await readGgufHeader(blob(full), 80)).toEqual({ version: 3, architecture: 'llama' });
  });

  it('rejects a file that is not GGUF', async () => {
    await expect(readGgufHeader(blob(new TextEncoder().encode('<html>not a model</html>')))).rejects.toThrow('not a GGUF file');
  });
});
