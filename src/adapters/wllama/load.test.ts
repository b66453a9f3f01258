import { describe, expect, it, vi } from 'vitest';
import type { LoadProgress } from '../../core/embed';
import { ModelLoadError } from '../../core/models';
import { loadWllama } from './load';
import { pickedFileKey, type ModelStore } from './model-store';
import type { WllamaOptions } from './options';
import type { NativeLog, WllamaInstance, WllamaRuntime } from './runtime';
import { smolHeader } from './test-gguf';

const URL_ = 'https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct-GGUF/resolve/main/smollm2-135m-instruct-q4_1.gguf';
const model = (header = smolHeader()) => new Blob([header as BlobPart, new Uint8Array(1000)]);

type Behaviour = 'ok' | 'unknown-architecture' | 'not-loaded' | 'out-of-memory' | 'host-missing';

/** Stands in for wllama: records the load parameters; fails the way llama.cpp does when told to. */
class FakeWllama implements WllamaInstance {
  params?: Record<string, unknown>;
  blobs?: Blob[];
  readonly exit = vi.fn(async () => {});
  constructor(
    private readonly log: NativeLog,
    private readonly behaviour: Behaviour,
  ) {}
  async loadModel(blobs: Blob[], params: Record<string, unknown>) {
    this.blobs = blobs;
    this.params = params;
    if (this.behaviour === 'unknown-architecture') {
      this.log.errors.push("llama_model_load: error loading model: error loading model architecture: unknown model architecture: 'mamba9'");
      this.log.errors.push("srv    load_model: failed to load model, '/models/model-00001-of-00001.gguf'");
      // wllama reads the failed answer as if it had succeeded.
      throw new TypeError("Cannot read properties of undefined (reading 'length')");
    }
    if (this.behaviour === 'out-of-memory') throw new RangeError('WebAssembly.Memory(): could not allocate memory');
    if (this.behaviour === 'host-missing') throw new Error('the llama.cpp worker failed: its script did not load');
  }
  getLoadedContextInfo() {
    return this.behaviour === 'not-loaded' ? { n_ctx: 0, n_vocab: 0, success: false } : { n_ctx: Number(this.params?.n_ctx), n_vocab: 49152, success: true };
  }
  isMultithread = () => true;
  getNumThreads = () => 8;
  createChatCompletion = async () => ({});
}

function fakeRuntime(
  options: { behaviour?: Behaviour; ownBehaviour?: Behaviour; response?: Response; env?: Partial<WllamaRuntime['env']>; blob?: Blob; kept?: Blob; ownBuild?: boolean } = {},
) {
  const instances: FakeWllama[] = [];
  const own: FakeWllama[] = [];
  const blob = options.blob ?? model();
  const store = {
    cached: vi.fn<ModelStore['cached']>(async () => undefined),
    download: vi.fn<ModelStore['download']>(async (_url, _name, onProgress) => {
      onProgress(500, blob.size);
      onProgress(blob.size, blob.size);
      return [blob];
    }),
    keepFile: vi.fn<ModelStore['keepFile']>(async (_key, file, onProgress) => {
      onProgress(file.size, file.size);
      return true;
    }),
    keptFile: vi.fn<ModelStore['keptFile']>(async () => options.kept),
  };
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => options.response ?? new Response(smolHeader().slice(0, 64), { status: 206 }));
  const runtime: WllamaRuntime = {
    env: { threads: 16, webgpu: true, softwareGpu: false, memory64: true, ...options.env },
    store,
    fetch,
    create: (wasmPath, log) => {
      expect(wasmPath).toBe('/vendor/wllama/wllama.wasm');
      const w = new FakeWllama(log, options.behaviour ?? 'ok');
      instances.push(w);
      return w;
    },
    ...(options.ownBuild
      ? {
          createCpu: (hostUrl: string, log: NativeLog) => {
            expect(hostUrl).toBe('/vendor/llama-host/host.js');
            const w = new FakeWllama(log, options.ownBehaviour ?? options.behaviour ?? 'ok');
            own.push(w);
            return w;
          },
        }
      : {}),
  };
  return { runtime, store, fetch, instances, own, blob };
}

const fromUrl = (extra: Partial<WllamaOptions> = {}): WllamaOptions => ({ source: { kind: 'url', url: URL_ }, wasmPath: '/vendor/wllama/wllama.wasm', ...extra });
const picked = (file: Blob | undefined, name = 'SmolLM2-135M-Instruct.Q4_1.gguf', size = file?.size ?? 1024): WllamaOptions => ({
  source: { kind: 'file', name, size, file },
  wasmPath: '/vendor/wllama/wllama.wasm',
});

describe('loadWllama from a URL', () => {
  it('checks the first bytes with a range request, downloads with progress, and loads with the model’s context (at most 4096)', async () => {
    const { runtime, fetch, store, instances, blob } = fakeRuntime();
    const progress: LoadProgress[] = [];
    const engine = await loadWllama(fromUrl({ onProgress: (p) => progress.push(p) }), runtime);

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][1]?.headers).toEqual({ Range: 'bytes=0-63' });
    expect(store.download).toHaveBeenCalledWith(URL_, 'smollm2-135m-instruct-q4_1.gguf', expect.any(Function), undefined);
    expect(progress[0]).toEqual({ file: 'smollm2-135m-instruct-q4_1.gguf', loaded: 500, total: blob.size });
    expect(progress.at(-1)).toMatchObject({ loaded: blob.size, total: blob.size });
    expect(instances[0].blobs).toEqual([blob]);
    // Training context 8192 → 4096; threads = half the cores, at most 8; the GGUF's Jinja template; the GPU left to wllama.
    expect(instances[0].params).toEqual({ n_ctx: 4096, n_threads: 8, jinja: true });
    expect(engine.info).toEqual({ engine: 'wllama', model: 'SmolLM2 135M Instruct', contextWindow: 4096, splitScores: false });
    expect(engine.scoreSplits).toBeUndefined();
    engine.dispose();
    await vi.waitFor(() => expect(instances[0].exit).toHaveBeenCalled());
  });

  it('uses the cached copy without touching the network', async () => {
    const { runtime, fetch, store } = fakeRuntime();
    store.cached.mockResolvedValue([model()]);
    await loadWllama(fromUrl(), runtime);
    expect(fetch).not.toHaveBeenCalled();
    expect(store.download).not.toHaveBeenCalled();
  });

  it('gives a small machine’s every core to llama.cpp', async () => {
    const { runtime, instances } = fakeRuntime({ blob: model(smolHeader({ contextLength: 2048 })), env: { threads: 2 } });
    await loadWllama(fromUrl(), runtime);
    expect(instances[0].params).toMatchObject({ n_threads: 2 });
  });

  it('takes a shorter training context as is, a chosen context size, fewer cores, and CPU only when asked', async () => {
    const { runtime, instances } = fakeRuntime({ blob: model(smolHeader({ contextLength: 2048 })), env: { threads: 6 } });
    expect((await loadWllama(fromUrl(), runtime)).info.contextWindow).toBe(2048);
    expect(instances[0].params).toEqual({ n_ctx: 2048, n_threads: 3, jinja: true });
    await loadWllama(fromUrl({ nCtx: 1024, device: 'wasm', threads: 2 }), runtime);
    expect(instances[1].params).toEqual({ n_ctx: 1024, n_threads: 2, jinja: true, n_gpu_layers: 0 });
  });

  it('refuses a URL that serves a web page before downloading anything', async () => {
    const { runtime, store } = fakeRuntime({ response: new Response('<!DOCTYPE html><html><body>Sign in</body></html>', { status: 200 }) });
    const e = await loadWllama(fromUrl(), runtime).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelLoadError);
    expect(e).toMatchObject({ code: 'not-gguf', model: 'smollm2-135m-instruct-q4_1.gguf' });
    expect((e as Error).message).toMatch(/^"smollm2-135m-instruct-q4_1\.gguf" is not a GGUF model: it is a web page \(HTML\)/);
    expect(store.download).not.toHaveBeenCalled();
  });

  it('says not found for a 404, and names gated repositories for a 401', async () => {
    await expect(loadWllama(fromUrl(), fakeRuntime({ response: new Response('Entry not found', { status: 404 }) }).runtime)).rejects.toMatchObject({ code: 'not-found' });
    const gated = loadWllama(fromUrl(), fakeRuntime({ response: new Response('', { status: 401 }) }).runtime);
    await expect(gated).rejects.toMatchObject({ code: 'download', message: expect.stringMatching(/HTTP 401 \(the repository may be gated or private\)/) });
  });

  it('refuses a URL that does not name a .gguf file, and an empty one', async () => {
    await expect(loadWllama(fromUrl({ source: { kind: 'url', url: 'https://huggingface.co/x/y/resolve/main/model.safetensors' } }), fakeRuntime().runtime)).rejects.toMatchObject({
      code: 'not-gguf',
      message: expect.stringMatching(/does not end in \.gguf/),
    });
    await expect(loadWllama(fromUrl({ source: { kind: 'url', url: '' } }), fakeRuntime().runtime)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('reports a download that broke off as a download failure naming the file', async () => {
    const { runtime, store } = fakeRuntime();
    store.download.mockRejectedValue(new TypeError('network error'));
    await expect(loadWllama(fromUrl(), runtime)).rejects.toMatchObject({
      code: 'download',
      message: expect.stringMatching(/^Downloading "smollm2-135m-instruct-q4_1\.gguf" failed: network error/),
    });
  });
});

describe('loadWllama from a picked file', () => {
  it('checks the magic before anything else: a renamed text file is refused and not kept', async () => {
    const { runtime, store, instances } = fakeRuntime();
    const e = await loadWllama(picked(new Blob(['just some notes, not weights']), 'notes.gguf'), runtime).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'ModelLoadError', code: 'not-gguf', model: 'notes.gguf' });
    expect((e as Error).message).toContain('"notes.gguf" is not a GGUF model: it starts with the bytes 6a 75 73 74');
    expect(store.keepFile).not.toHaveBeenCalled();
    expect(instances).toHaveLength(0);
  });

  it('keeps a copy in the browser under its name and size, and loads the file itself', async () => {
    const { runtime, store, instances } = fakeRuntime();
    const file = model();
    const progress: LoadProgress[] = [];
    await loadWllama({ ...picked(file), onProgress: (p) => progress.push(p) }, runtime);
    expect(store.keepFile).toHaveBeenCalledWith(pickedFileKey('SmolLM2-135M-Instruct.Q4_1.gguf', file.size), file, expect.any(Function));
    expect(progress).toContainEqual({ file: 'Keeping a copy of SmolLM2-135M-Instruct.Q4_1.gguf in this browser', loaded: file.size, total: file.size });
    expect(instances[0].blobs).toEqual([file]);
  });

  it('still loads when the browser will not keep a copy', async () => {
    const { runtime, store } = fakeRuntime();
    store.keepFile.mockRejectedValue(new DOMException('quota', 'QuotaExceededError'));
    await expect(loadWllama(picked(model()), runtime)).resolves.toBeDefined();
  });

  it('after a reload, loads the kept copy, or asks for the file again when there is none', async () => {
    const kept = model();
    const { runtime, store, instances } = fakeRuntime({ kept });
    await loadWllama(picked(undefined, 'SmolLM2-135M-Instruct.Q4_1.gguf', kept.size), runtime);
    expect(store.keptFile).toHaveBeenCalledWith(pickedFileKey('SmolLM2-135M-Instruct.Q4_1.gguf', kept.size), kept.size);
    expect(instances[0].blobs).toEqual([kept]);

    const gone = loadWllama(picked(undefined, 'SmolLM2-135M-Instruct.Q4_1.gguf', kept.size), fakeRuntime().runtime);
    await expect(gone).rejects.toMatchObject({
      code: 'file-needed',
      message: expect.stringMatching(/"SmolLM2-135M-Instruct\.Q4_1\.gguf" .* is not stored in this browser\. Pick the file again\./),
    });
  });
});

describe('loadWllama failures', () => {
  it('refuses a model larger than the WebAssembly heap before starting llama.cpp', async () => {
    const big = model();
    Object.defineProperty(big, 'size', { value: 5 * 1024 ** 3 });
    const { runtime, instances } = fakeRuntime({ env: { softwareGpu: true } });
    const e = await loadWllama(picked(big, 'Llama-3.1-8B-Q4_K_M.gguf'), runtime).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'too-large', model: 'Llama-3.1-8B-Q4_K_M.gguf' });
    expect((e as Error).message).toMatch(/is 5\.0 GB, more than this browser can hold \(about 3\.5 GB: llama\.cpp's WebAssembly memory/);
    expect(instances).toHaveLength(0);
  });

  it('measures against the device’s memory when it reports little', async () => {
    const { runtime } = fakeRuntime({ env: { deviceMemoryGB: 0.000001 } });
    await expect(loadWllama(fromUrl(), runtime)).rejects.toMatchObject({ code: 'too-large', message: expect.stringMatching(/this device reports 0\.000001 GB of memory/) });
  });

  it('names the architecture read from the header when llama.cpp cannot load it, and frees wllama', async () => {
    const { runtime, instances } = fakeRuntime({ behaviour: 'unknown-architecture', blob: model(smolHeader({ architecture: 'mamba9' })) });
    const e = await loadWllama(fromUrl(), runtime).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'unsupported-architecture' });
    expect((e as Error).message).toMatch(/^llama\.cpp could not load "smollm2-135m-instruct-q4_1\.gguf" \(architecture "mamba9"\): unknown model architecture: 'mamba9'\./);
    expect(instances[0].exit).toHaveBeenCalled();
  });

  it('notices a load llama.cpp reported as failed even when wllama did not', async () => {
    const { runtime, instances } = fakeRuntime({ behaviour: 'not-loaded' });
    await expect(loadWllama(fromUrl(), runtime)).rejects.toMatchObject({ code: 'unsupported-architecture', message: expect.stringContaining('(architecture "llama")') });
    expect(instances[0].exit).toHaveBeenCalled();
  });

  it('turns an allocation failure into an out-of-memory error', async () => {
    const { runtime } = fakeRuntime({ behaviour: 'out-of-memory' });
    await expect(loadWllama(fromUrl(), runtime)).rejects.toMatchObject({
      code: 'out-of-memory',
      message: expect.stringMatching(/^Not enough memory for "smollm2-135m-instruct-q4_1\.gguf": WebAssembly\.Memory\(\): could not allocate memory/),
    });
  });

  it('keeps to the CPU on a software WebGPU adapter, and takes a large model on a hardware one', async () => {
    const soft = fakeRuntime({ env: { softwareGpu: true } });
    await loadWllama(fromUrl(), soft.runtime);
    expect(soft.instances[0].params).toMatchObject({ n_gpu_layers: 0 });
    await loadWllama(fromUrl({ device: 'webgpu' }), soft.runtime);
    expect(soft.instances[1].params).not.toHaveProperty('n_gpu_layers');

    const big = model();
    Object.defineProperty(big, 'size', { value: 5 * 1024 ** 3 });
    await expect(loadWllama(picked(big), fakeRuntime().runtime)).resolves.toBeDefined();
  });

  it('runs on the CPU with Sieve’s own build where the page can host it, Memory64 or not; elsewhere with wllama’s', async () => {
    const own = fakeRuntime({ ownBuild: true, env: { memory64: false, webgpu: false } });
    await loadWllama(fromUrl({ llamaHost: '/vendor/llama-host/host.js' }), own.runtime);
    expect(own.own).toHaveLength(1);
    expect(own.instances).toHaveLength(0);
    expect(own.own[0].params).toMatchObject({ n_gpu_layers: 0 });
    // WebGPU asked for: wllama's build, whatever the page could host.
    const gpu = fakeRuntime({ ownBuild: true });
    await loadWllama(fromUrl({ llamaHost: '/vendor/llama-host/host.js', device: 'webgpu' }), gpu.runtime);
    expect(gpu.own).toHaveLength(0);
    expect(gpu.instances).toHaveLength(1);
  });
});

describe('loadWllama: which build runs, and what the browser lacks', () => {
  it('falls back to wllama’s build when Sieve’s cannot start, and ends the instance that failed', async () => {
    const { runtime, own, instances } = fakeRuntime({ ownBuild: true, ownBehaviour: 'host-missing', env: { webgpu: false } });
    await expect(loadWllama(fromUrl({ llamaHost: '/vendor/llama-host/host.js' }), runtime)).resolves.toBeDefined();
    expect(own[0].exit).toHaveBeenCalled();
    expect(instances).toHaveLength(1);
    // A model that is bad in itself is not tried twice.
    const bad = fakeRuntime({ ownBuild: true, behaviour: 'out-of-memory', env: { webgpu: false } });
    await expect(loadWllama(fromUrl({ llamaHost: '/vendor/llama-host/host.js' }), bad.runtime)).rejects.toMatchObject({ code: 'out-of-memory' });
    expect(bad.instances).toHaveLength(0);
  });

  it('says what the browser lacks: Memory64, or WebGPU when WebGPU is asked for', async () => {
    await expect(loadWllama(fromUrl(), fakeRuntime({ env: { memory64: false } }).runtime)).rejects.toMatchObject({
      code: 'unsupported-browser',
      message: expect.stringMatching(/Memory64/),
    });
    await expect(loadWllama(fromUrl({ device: 'webgpu' }), fakeRuntime({ env: { webgpu: false, softwareGpu: undefined } }).runtime)).rejects.toMatchObject({
      code: 'unsupported-browser',
      message: expect.stringMatching(/no WebGPU/),
    });
  });
});
