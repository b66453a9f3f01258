import { describe, expect, it } from 'vitest';
import { resolveLlmUrls } from './llm-urls';

describe('resolveLlmUrls', () => {
  const page = 'http://localhost:4173/';
  it('makes self-hosted WebLLM URLs absolute against the page, not the worker script', () => {
    const r = resolveLlmUrls({ kind: 'webllm', modelId: 'm', modelUrl: 'models/m/', modelLibUrl: '/libs/m.wasm' }, page);
    expect(r).toEqual({ kind: 'webllm', modelId: 'm', modelUrl: 'http://localhost:4173/models/m/', modelLibUrl: 'http://localhost:4173/libs/m.wasm' });
  });

  it('makes a GGUF URL on this site absolute, so the worker and the model cache see one URL', () => {
    expect(resolveLlmUrls({ kind: 'wllama', source: 'url', url: '/models/smol/smol.gguf' }, page)).toEqual({
      kind: 'wllama',
      source: 'url',
      url: 'http://localhost:4173/models/smol/smol.gguf',
    });
    expect(resolveLlmUrls({ kind: 'wllama', source: 'file', fileName: 'a.gguf', fileSize: 3 }, page)).toEqual({
      kind: 'wllama',
      source: 'file',
      fileName: 'a.gguf',
      fileSize: 3,
      url: undefined,
    });
  });

  it('leaves absolute URLs, missing URLs and other engines alone', () => {
    expect(resolveLlmUrls({ kind: 'webllm', modelId: 'm', modelUrl: 'https://host.example/m/' }, page)).toEqual({
      kind: 'webllm',
      modelId: 'm',
      modelUrl: 'https://host.example/m/',
      modelLibUrl: undefined,
    });
    expect(resolveLlmUrls({ kind: 'none' }, page)).toEqual({ kind: 'none' });
  });
});
