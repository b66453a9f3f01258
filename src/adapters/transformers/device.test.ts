import { describe, expect, it } from 'vitest';
import { testEnv } from '../env';
import { defaultDtype, resolveDevice } from './device';

describe('resolveDevice', () => {
  it('keeps an explicit choice', () => {
    expect(resolveDevice('wasm', testEnv({ webgpu: true }))).toBe('wasm');
    expect(resolveDevice('webgpu', testEnv())).toBe('webgpu');
    expect(resolveDevice('cpu', testEnv({ node: true }))).toBe('cpu');
  });

  it('auto: WebGPU when an adapter is granted', () => {
    expect(resolveDevice('auto', testEnv({ webgpuApi: true, webgpu: true }))).toBe('webgpu');
  });

  it('auto: WASM when WebGPU is absent or yields no adapter (the env probe counts a failed request as none)', () => {
    expect(resolveDevice('auto', testEnv())).toBe('wasm');
    expect(resolveDevice('auto', testEnv({ webgpuApi: true, webgpu: false }))).toBe('wasm');
  });

  it('auto: WASM when the only adapter is a software one (SwiftShader)', () => {
    expect(resolveDevice('auto', testEnv({ webgpuApi: true, webgpu: true, softwareGpu: true }))).toBe('wasm');
    expect(resolveDevice('webgpu', testEnv({ webgpuApi: true, webgpu: true, softwareGpu: true }))).toBe('webgpu');
  });

  it('auto: the native CPU runtime in Node', () => {
    expect(resolveDevice('auto', testEnv({ node: true }))).toBe('cpu');
  });
});

describe('defaultDtype', () => {
  it('matches transformers.js: quantised on WASM, full precision elsewhere', () => {
    expect(defaultDtype('wasm')).toBe('q8');
    expect(defaultDtype('webgpu')).toBe('fp32');
    expect(defaultDtype('cpu')).toBe('fp32');
  });
});
