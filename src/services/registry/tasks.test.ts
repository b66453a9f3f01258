import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeEnv, testEnv } from '../../adapters/env';

const calls = vi.hoisted(() => [] as Array<[string, Record<string, unknown>]>);
const fake = (name: string) => async (options: Record<string, unknown>) => {
  calls.push([name, options]);
  return { id: name };
};
vi.mock('../../adapters/use-lite', () => ({ loadUseLite: fake('loadUseLite') }));
vi.mock('../../adapters/transformers', () => ({ loadTransformersEmbedder: fake('loadTransformersEmbedder'), loadCrossEncoder: fake('loadCrossEncoder') }));
vi.mock('../../adapters/transformers-llm', () => ({ loadTransformersLlm: fake('loadTransformersLlm') }));
vi.mock('../../adapters/webllm', () => ({ loadWebLlm: fake('loadWebLlm') }));
vi.mock('../../adapters/wllama', () => ({ loadWllama: fake('loadWllama') }));

import { loadModel } from './load-model';

const ENV = testEnv({ crossOriginIsolated: true, threads: 8, webgpuApi: true, webgpu: true });
const hub = { modelId: 'org/m', source: 'hub', device: 'auto' } as const;
const onProgress = () => {};

beforeEach(() => {
  calls.length = 0;
  setRuntimeEnv(ENV);
});
afterEach(() => setRuntimeEnv());

describe('the task table', () => {
  it('embedder use-lite: the vendored model and TF.js wasm, threads only when cross-origin isolated', async () => {
    expect(await loadModel('embedder', { kind: 'use-lite', threads: 4 }, onProgress)).toEqual({ id: 'loadUseLite' });
    expect(calls[0]).toEqual(['loadUseLite', { modelUrl: '/vendor/use-lite/', wasmPaths: '/vendor/tfjs/', threads: 4, onProgress }]);
    setRuntimeEnv({ ...ENV, crossOriginIsolated: false });
    await loadModel('embedder', { kind: 'use-lite', threads: 4 });
    expect(calls[1][1].threads).toBe(1);
  });

  it('embedder transformers: model, source, device, dtype, ort wasm and the env', async () => {
    await loadModel('embedder', { kind: 'transformers', ...hub, dtype: 'q8', threads: 2 }, onProgress);
    expect(calls[0]).toEqual([
      'loadTransformersEmbedder',
      { modelId: 'org/m', source: { kind: 'hub', remoteHost: undefined }, device: 'auto', wasmPaths: '/vendor/ort/', dtype: 'q8', onProgress, env: ENV },
    ]);
  });

  it('llm webllm, transformers and wllama', async () => {
    await loadModel('llm', { kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', modelUrl: 'https://x/m/' }, onProgress);
    expect(calls[0]).toEqual(['loadWebLlm', { modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', modelUrl: 'https://x/m/', modelLibUrl: undefined, onProgress, env: ENV }]);
    await loadModel('llm', { kind: 'transformers', ...hub, source: 'local', localBaseUrl: '/models/', dtype: 'q4' }, onProgress);
    expect(calls[1]).toEqual([
      'loadTransformersLlm',
      { modelId: 'org/m', source: { kind: 'local', baseUrl: '/models/' }, device: 'auto', wasmPaths: '/vendor/ort/', dtype: 'q4', onProgress, env: ENV },
    ]);
    const file = new Blob(['GGUF']);
    await loadModel('llm', { kind: 'wllama', source: 'file', fileName: 'smol.gguf', fileSize: 4, file }, onProgress);
    expect(calls[2]).toEqual([
      'loadWllama',
      {
        source: { kind: 'file', name: 'smol.gguf', size: 4, file },
        nCtx: undefined,
        device: undefined,
        wasmPath: '/vendor/wllama/wllama.wasm',
        llamaHost: '/vendor/llama-host/host.js',
        onProgress,
      },
    ]);
  });

  it('reranker transformers: the cross-encoder', async () => {
    await loadModel('reranker', { kind: 'transformers', ...hub, remoteHost: 'https://mirror/' }, onProgress);
    expect(calls[0]).toEqual([
      'loadCrossEncoder',
      { modelId: 'org/m', source: { kind: 'hub', remoteHost: 'https://mirror/' }, device: 'auto', wasmPaths: '/vendor/ort/', dtype: undefined, onProgress, env: ENV },
    ]);
  });

  it("'none' loads nothing", async () => {
    expect(await loadModel('llm', { kind: 'none' })).toBeUndefined();
    expect(await loadModel('reranker', { kind: 'none' })).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
