import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testEnv } from '../env';

const fake = vi.hoisted(() => ({ imported: 0, configs: [] as unknown[], reload: async (_id: string): Promise<void> => {} }));

vi.mock('@mlc-ai/web-llm', async (original) => {
  fake.imported++;
  const real = await original<typeof import('@mlc-ai/web-llm')>();
  class MLCEngine {
    chat = { completions: { create: async () => ({ choices: [] }) } };
    constructor(config: unknown) {
      fake.configs.push(config);
    }
    reload(id: string) {
      return fake.reload(id);
    }
    interruptGenerate() {}
    async unload() {}
  }
  return { prebuiltAppConfig: real.prebuiltAppConfig, MLCEngine };
});

import { loadWebLlm } from './load';

const gpu = (features: string[] = []) => testEnv({ webgpuApi: true, webgpu: true, shaderF16: features.includes('shader-f16') });

beforeEach(() => {
  fake.imported = 0;
  fake.configs.length = 0;
  fake.reload = async () => {};
});

describe('loadWebLlm', () => {
  it('rejects without WebGPU before importing web-llm', async () => {
    await expect(loadWebLlm({ modelId: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC', env: testEnv() })).rejects.toMatchObject({ name: 'ModelLoadError', code: 'no-webgpu' });
    await expect(loadWebLlm({ modelId: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC', env: testEnv({ webgpuApi: true }) })).rejects.toMatchObject({ code: 'no-webgpu' });
    await expect(loadWebLlm({ modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', env: gpu() })).rejects.toMatchObject({
      code: 'no-f16',
      message: expect.stringContaining('Qwen2.5-1.5B-Instruct-q4f32_1-MLC'),
    });
    expect(fake.imported).toBe(0);
  });

  it('loads a prebuilt model and reports its context window', async () => {
    const engine = await loadWebLlm({ modelId: 'Phi-3.5-mini-instruct-q4f32_1-MLC-1k', env: gpu() });
    expect(engine.info).toEqual({ engine: 'webllm', model: 'Phi-3.5-mini-instruct-q4f32_1-MLC-1k', contextWindow: 1024 });
    expect(fake.configs).toHaveLength(1);
  });

  it('maps a failed reload to a ModelLoadError', async () => {
    fake.reload = async () => {
      throw Object.assign(new Error('The WebGPU device was lost while loading the model.'), { name: 'DeviceLostError' });
    };
    await expect(loadWebLlm({ modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', env: gpu(['shader-f16']) })).rejects.toMatchObject({
      name: 'ModelLoadError',
      code: 'device-lost',
      message: expect.stringContaining('"Qwen2.5-1.5B-Instruct-q4f16_1-MLC"'),
    });
    await expect(loadWebLlm({ modelId: 'not-a-model', env: gpu() })).rejects.toMatchObject({ code: 'not-found' });
  });
});
