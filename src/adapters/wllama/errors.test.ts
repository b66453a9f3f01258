import { describe, expect, it } from 'vitest';
import { ggufError, toGgufError } from './errors';

describe('toGgufError', () => {
  it('sorts causes by what the user can do about them', () => {
    const code = (e: unknown, logs: string[] = [], phase: 'load' | 'run' = 'load') => toGgufError(e, 'm.gguf', {}, logs, phase).code;
    expect(code(new Error('Failed to fetch https://x/m.gguf: HTTP 404'))).toBe('not-found');
    expect(code(new Error('Failed to fetch https://x/m.gguf: HTTP 503'))).toBe('download');
    expect(code(new TypeError('Failed to fetch'))).toBe('download');
    expect(code(new Error('(ABORT) OOM'))).toBe('out-of-memory');
    expect(code(new Error('worker stopped'), ['ggml_aligned_malloc: insufficient memory (attempted to allocate 900 MB)'])).toBe('out-of-memory');
    expect(code(new Error('boom'), ['llama_model_load: error loading model: tensor data is not within file bounds'])).toBe('incomplete');
    expect(code(new Error('boom'), ['llama_model_load: error loading model: wrong number of tensors'])).toBe('unsupported-architecture');
    expect(code(new Error('something odd'))).toBe('load');
    expect(code(new Error('failed to load model'), [], 'run')).toBe('run');
  });

  it('keeps a GGUF ModelLoadError as it is', () => {
    const e = ggufError('file-needed', 'a.gguf');
    expect(toGgufError(e, 'b.gguf')).toBe(e);
  });

  it('prefers llama.cpp’s own words for the cause', () => {
    const e = toGgufError(new TypeError("Cannot read properties of undefined (reading 'length')"), 'x.gguf', { architecture: 'rwkv9' }, [
      "llama_model_load: error loading model: error loading model architecture: unknown model architecture: 'rwkv9'",
      'srv load_model: failed to load model',
    ]);
    expect(e.message).toBe(
      `llama.cpp could not load "x.gguf" (architecture "rwkv9"): unknown model architecture: 'rwkv9'. The architecture or quantisation may be newer than the llama.cpp built into this app; choose a model of a common family (Llama, Qwen, Gemma, Phi, SmolLM, Mistral).`,
    );
    expect(e.cause).toBeInstanceOf(TypeError);
  });
});
