import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelLoadError } from '../../core/models';
import { setRuntimeEnv, testEnv } from '../../adapters/env';
import { TINY_CAUSAL_LM_ID } from '../../adapters/transformers/tiny-causal-lm';
import { loadModel } from './load-model';
import { TASKS } from './tasks';
import type { TaskTable } from './types';

const MODELS_DIR = fileURLToPath(new URL('../../../test/models/', import.meta.url));

afterEach(() => setRuntimeEnv());

describe('loadModel with the real runtimes', () => {
  it("gives no engine for 'none'", async () => {
    expect(await loadModel('llm', { kind: 'none' }, () => {})).toBeUndefined();
    expect(await loadModel('reranker', { kind: 'none' })).toBeUndefined();
  });

  it('loads a transformers.js model from a local folder (auto device: cpu in Node)', async () => {
    const engine = (await loadModel(
      'llm',
      { kind: 'transformers', modelId: TINY_CAUSAL_LM_ID, source: 'local', localBaseUrl: MODELS_DIR, device: 'auto', dtype: 'q8' },
      () => {},
    ))!;
    try {
      expect(engine.info.engine).toBe('transformers');
      expect((await engine.generate([{ role: 'user', content: 'Hi' }], { maxTokens: 2 })).completionTokens).toBe(2);
    } finally {
      engine.dispose();
    }
  });

  it('rejects WebLLM clearly where there is no WebGPU', async () => {
    await expect(loadModel('llm', { kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC' }, () => {})).rejects.toMatchObject({
      name: 'ModelLoadError',
      kind: 'llm',
      engine: 'webllm',
      model: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC',
      code: 'no-webgpu',
    });
  });

  it('takes capabilities from the runtime env: WebGPU without shader-f16 refuses an f16 model', async () => {
    setRuntimeEnv(testEnv({ webgpuApi: true, webgpu: true, shaderF16: false }));
    await expect(loadModel('llm', { kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' })).rejects.toMatchObject({ code: 'no-f16' });
  });

  it('names the model, the folder and the cause when a local reranker is missing', async () => {
    const e = await loadModel('reranker', { kind: 'transformers', modelId: 'sieve/no-such-reranker', source: 'local', localBaseUrl: MODELS_DIR, device: 'wasm' }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ModelLoadError);
    expect(e).toMatchObject({
      kind: 'reranker',
      engine: 'transformers',
      model: 'sieve/no-such-reranker',
      code: 'not-found',
      location: expect.stringContaining(`${MODELS_DIR}sieve/no-such-reranker/`),
    });
    expect((e as Error).message).toMatch(/^Loading the reranker model failed: "sieve\/no-such-reranker" from .*not found/i);
  });
});

describe('loadModel dispatch', () => {
  it('refuses an unknown engine (or kind) with a clear error, never reaching a runtime', async () => {
    const e = await loadModel('llm', { kind: 'gpt-in-a-box', modelId: 'x' } as never).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelLoadError);
    expect(e).toMatchObject({ kind: 'llm', engine: 'gpt-in-a-box', model: 'x', code: 'unknown-engine' });
    expect((e as Error).message).toBe(
      'There is no "gpt-in-a-box" runtime for the language model "x" (known: none, webllm, transformers, wllama). Choose another engine in Settings.',
    );
    await expect(loadModel('embedder', { kind: 'none' } as never)).rejects.toMatchObject({
      code: 'unknown-engine',
      message: expect.stringContaining('known: use-lite, transformers'),
    });
    await expect(loadModel('llm', { kind: 'toString' } as never)).rejects.toMatchObject({ code: 'unknown-engine' });
    await expect(loadModel('tokenizer' as never, { kind: 'transformers' } as never)).rejects.toMatchObject({ code: 'unknown-engine' });
  });

  it('has a task for every engine of every kind', () => {
    expect(Object.fromEntries(Object.entries(TASKS).map(([k, v]) => [k, Object.keys(v).sort()]))).toEqual({
      embedder: ['transformers', 'use-lite'],
      llm: ['none', 'transformers', 'webllm', 'wllama'],
      reranker: ['none', 'transformers'],
    });
  });
});

describe('loadModel errors', () => {
  const failing = (e: unknown): TaskTable => ({
    ...TASKS,
    llm: { ...TASKS.llm, wllama: async () => Promise.reject(e) },
    embedder: { ...TASKS.embedder, transformers: async () => Promise.reject(e) },
  });
  const gguf = { kind: 'wllama', source: 'url', url: 'https://huggingface.co/a/b/resolve/main/smol.gguf' } as const;

  it("passes a runtime's ModelLoadError on as it is: its code and message", async () => {
    const own = new ModelLoadError({ kind: 'llm', engine: 'wllama', model: 'smol.gguf', code: 'too-large', message: '"smol.gguf" is 9.0 GB, more than this browser can hold' });
    await expect(loadModel('llm', gguf, undefined, failing(own))).rejects.toBe(own);
  });

  it('wraps anything else with the model named, the cause kept, and code load', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/wllama-x.js');
    const e = (await loadModel('llm', gguf, undefined, failing(cause)).catch((x: unknown) => x)) as ModelLoadError;
    expect(e).toBeInstanceOf(ModelLoadError);
    expect(e).toMatchObject({ kind: 'llm', engine: 'wllama', model: 'smol.gguf', code: 'load', cause });
    expect(e.message).toBe('Loading the language model "smol.gguf" failed: Failed to fetch dynamically imported module: /assets/wllama-x.js');
    const named = (await loadModel(
      'embedder',
      { kind: 'transformers', modelId: 'Xenova/x', source: 'hub', device: 'auto' },
      undefined,
      failing(new Error('Xenova/x is broken')),
    ).catch((x: unknown) => x)) as ModelLoadError;
    expect(named.message).toBe('Xenova/x is broken');
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('Cancelled', 'AbortError');
    await expect(loadModel('llm', gguf, undefined, failing(abort))).rejects.toBe(abort);
  });
});
