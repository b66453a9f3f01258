import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TINY_EMBEDDER_ID } from '../../src/adapters/transformers/tiny-embedder';
import { tinyEmbedderFiles } from './make-tiny-embedder';
import { expectCommittedBytes, parseJsonFile, totalBytes } from './generated-files';

const COMMITTED = fileURLToPath(new URL(`../../test/models/${TINY_EMBEDDER_ID}/`, import.meta.url));

describe('make-tiny-embedder', () => {
  const files = tinyEmbedderFiles();

  it('produces the files transformers.js needs for every dtype', () => {
    expect([...files.keys()].sort()).toEqual(
      ['README.md', 'config.json', 'onnx/model.onnx', 'onnx/model_fp16.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json'].sort(),
    );
  });

  it('stays commit-sized', () => {
    expect(totalBytes(files)).toBeLessThan(2 * 1024 * 1024);
  });

  it('has a vocabulary that matches the config, with unique tokens and specials first', () => {
    const tokenizer = parseJsonFile(files, 'tokenizer.json');
    const config = parseJsonFile(files, 'config.json');
    const vocab: Record<string, number> = tokenizer.model.vocab;
    const ids = Object.values(vocab);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(config.vocab_size);
    expect(Math.max(...ids)).toBe(config.vocab_size - 1);
    expect(vocab['[PAD]']).toBe(0);
    expect(['[UNK]', '[CLS]', '[SEP]', '[MASK]'].map((t) => vocab[t])).toEqual([1, 2, 3, 4]);
  });

  // The script is the source of truth: if this fails, rerun it (see its header) and commit the result.
  it('matches the committed model files byte for byte', () => {
    expectCommittedBytes(files, COMMITTED);
  });
});
