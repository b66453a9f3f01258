import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { selfHostedModelUrl, webLlmAppConfig } from './app-config';

const PAGE = 'https://sieve.example/app/';
const ID = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';

/** WebLLM's own rule (cleanModelUrl) and how it resolves files against the result. */
function webLlmFileUrl(model: string, file: string): string {
  let url = model.endsWith('/') ? model : `${model}/`;
  if (!/.+\/resolve\/.+\//.test(url)) url += 'resolve/main/';
  return new URL(file, new URL(url).href).href;
}

describe('webLlmAppConfig', () => {
  it('uses the prebuilt list for a prebuilt model', () => {
    const config = webLlmAppConfig(prebuiltAppConfig, { modelId: ID }, PAGE);
    expect(config.model_list).toBe(prebuiltAppConfig.model_list);
  });

  it('builds one record for self-hosted files, keeping the prebuilt library and overrides', () => {
    const config = webLlmAppConfig(prebuiltAppConfig, { modelId: ID, modelUrl: '/models/webllm/qwen/', cacheBackend: 'indexeddb' }, PAGE);
    const prebuilt = prebuiltAppConfig.model_list.find((m) => m.model_id === ID)!;
    expect(config.cacheBackend).toBe('indexeddb');
    expect(config.model_list).toHaveLength(1);
    const [r] = config.model_list;
    expect(r).toMatchObject({ model_id: ID, model_lib: prebuilt.model_lib, overrides: prebuilt.overrides, vram_required_MB: prebuilt.vram_required_MB });
    expect(webLlmFileUrl(r.model, 'mlc-chat-config.json')).toBe('https://sieve.example/models/webllm/qwen/mlc-chat-config.json');
    expect(webLlmFileUrl(r.model, 'params_shard_0.bin')).toBe('https://sieve.example/models/webllm/qwen/params_shard_0.bin');
  });

  it('takes a custom model with its own library, and rejects one without', () => {
    const config = webLlmAppConfig(prebuiltAppConfig, { modelId: 'my-model', modelUrl: 'https://cdn.example/m', modelLibUrl: '/libs/my.wasm' }, PAGE);
    expect(config.model_list).toEqual([{ model_id: 'my-model', model: 'https://cdn.example/m/#/resolve/main/', model_lib: 'https://sieve.example/libs/my.wasm' }]);
    expect(() => webLlmAppConfig(prebuiltAppConfig, { modelId: 'my-model', modelUrl: 'https://cdn.example/m' }, PAGE)).toThrow(/model library/);
    expect(() => webLlmAppConfig(prebuiltAppConfig, { modelId: 'my-model' }, PAGE)).toThrow(expect.objectContaining({ code: 'not-found' }));
  });
});

describe('selfHostedModelUrl', () => {
  it('leaves hub URLs and explicit /resolve/<rev>/ URLs to WebLLM', () => {
    expect(selfHostedModelUrl('https://huggingface.co/mlc-ai/X', PAGE)).toBe('https://huggingface.co/mlc-ai/X/');
    expect(webLlmFileUrl(selfHostedModelUrl('https://huggingface.co/mlc-ai/X', PAGE), 'a.json')).toBe('https://huggingface.co/mlc-ai/X/resolve/main/a.json');
    expect(selfHostedModelUrl('https://mirror.example/X/resolve/v2/', PAGE)).toBe('https://mirror.example/X/resolve/v2/');
  });
});
