import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TINY_CAUSAL_LM_ID } from '../adapters/transformers/tiny-causal-lm';
import { loadBrowserLlm } from './llms';

const MODELS_DIR = fileURLToPath(new URL('../../test/models/', import.meta.url));

describe('loadBrowserLlm', () => {
  it("gives no engine for 'none'", async () => {
    expect(await loadBrowserLlm({ kind: 'none' }, () => {})).toBeUndefined();
  });

  it('loads a transformers.js model from a local folder (auto device: cpu in Node)', async () => {
    const engine = (await loadBrowserLlm({ kind: 'transformers', modelId: TINY_CAUSAL_LM_ID, source: 'local', localBaseUrl: MODELS_DIR, device: 'auto', dtype: 'q8' }, () => {}))!;
    try {
      expect(engine.info.engine).toBe('transformers');
      expect((await engine.generate([{ role: 'user', content: 'Hi' }], { maxTokens: 2 })).completionTokens).toBe(2);
    } finally {
      engine.dispose();
    }
  });

  it('rejects WebLLM clearly where there is no WebGPU', async () => {
    await expect(loadBrowserLlm({ kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC' }, () => {})).rejects.toMatchObject({ name: 'WebLlmError', code: 'no-webgpu' });
  });
});
