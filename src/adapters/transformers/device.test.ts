import { describe, expect, it } from 'vitest';
import { defaultDtype, resolveDevice, type GpuLike } from './device';

const gpu = (adapter: unknown): GpuLike => ({ requestAdapter: async () => adapter });

describe('resolveDevice', () => {
  it('keeps an explicit choice', async () => {
    expect(await resolveDevice('wasm', gpu({}), false)).toBe('wasm');
    expect(await resolveDevice('webgpu', undefined, false)).toBe('webgpu');
    expect(await resolveDevice('cpu', undefined, true)).toBe('cpu');
  });

  it('auto: WebGPU when an adapter is granted', async () => {
    expect(await resolveDevice('auto', gpu({}), false)).toBe('webgpu');
  });

  it('auto: WASM when WebGPU is absent, yields no adapter, or fails', async () => {
    expect(await resolveDevice('auto', undefined, false)).toBe('wasm');
    expect(await resolveDevice('auto', gpu(null), false)).toBe('wasm');
    const broken: GpuLike = { requestAdapter: () => Promise.reject(new Error('blocked')) };
    expect(await resolveDevice('auto', broken, false)).toBe('wasm');
  });

  it('auto: the native CPU runtime in Node', async () => {
    expect(await resolveDevice('auto', undefined, true)).toBe('cpu');
  });
});

describe('defaultDtype', () => {
  it('matches transformers.js: quantised on WASM, full precision elsewhere', () => {
    expect(defaultDtype('wasm')).toBe('q8');
    expect(defaultDtype('webgpu')).toBe('fp32');
    expect(defaultDtype('cpu')).toBe('fp32');
  });
});
