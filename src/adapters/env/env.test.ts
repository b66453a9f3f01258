import { afterEach, describe, expect, it } from 'vitest';
import { probeRuntimeEnv, runtimeEnv, setRuntimeEnv, testEnv, type GpuAdapterLike, type ProbeScope } from '.';

const withGpu = (adapter: GpuAdapterLike | null | Error, nav: ProbeScope['navigator'] = {}): ProbeScope => ({
  navigator: { ...nav, gpu: { requestAdapter: async () => (adapter instanceof Error ? Promise.reject(adapter) : adapter) } },
});

afterEach(() => setRuntimeEnv());

describe('probeRuntimeEnv', () => {
  it('reads WebGPU, shader-f16, a software adapter, threads, memory and isolation', async () => {
    const env = await probeRuntimeEnv({
      ...withGpu({ features: new Set(['shader-f16']), info: { isFallbackAdapter: true } }, { hardwareConcurrency: 12, deviceMemory: 4 }),
      crossOriginIsolated: true,
    });
    expect(env).toMatchObject({ webgpuApi: true, webgpu: true, softwareGpu: true, shaderF16: true, crossOriginIsolated: true, threads: 12, deviceMemoryGB: 4, node: false });
    expect((await probeRuntimeEnv(withGpu({ features: new Set(), isFallbackAdapter: false }))).softwareGpu).toBe(false);
  });

  it('no WebGPU when it is absent, grants no adapter, or fails', async () => {
    expect(await probeRuntimeEnv({})).toMatchObject({ webgpuApi: false, webgpu: false, shaderF16: false, threads: 1, crossOriginIsolated: false });
    for (const scope of [withGpu(null), withGpu(new Error('blocked'))]) {
      const env = await probeRuntimeEnv(scope);
      expect(env).toMatchObject({ webgpuApi: true, webgpu: false, shaderF16: false });
      expect(env.softwareGpu).toBeUndefined();
    }
    const throwing: ProbeScope = {
      navigator: {
        gpu: {
          requestAdapter: () => {
            throw new Error('sync');
          },
        },
      },
    };
    expect((await probeRuntimeEnv(throwing)).webgpu).toBe(false);
  });

  it('knows Node, and in this realm (Node 20+) finds Memory64 as V8 does', async () => {
    const env = await probeRuntimeEnv();
    expect(env.node).toBe(true);
    expect(env.webgpu).toBe(false);
    expect(typeof env.memory64).toBe('boolean');
  });
});

describe('runtimeEnv', () => {
  it('probes once per realm and hands out the same answer', async () => {
    const a = runtimeEnv();
    expect(runtimeEnv()).toBe(a);
    expect((await a).node).toBe(true);
  });

  it('answers an injected env until reset', async () => {
    setRuntimeEnv(testEnv({ webgpu: true, shaderF16: true, threads: 8 }));
    expect(await runtimeEnv()).toMatchObject({ webgpu: true, shaderF16: true, threads: 8, memory64: false, node: false });
    setRuntimeEnv();
    expect((await runtimeEnv()).node).toBe(true);
  });
});
