import { describe, expect, it } from 'vitest';
import { configureTransformersEnv, HF_HUB, modelLocation, type TransformersEnvLike } from './env-config';

function freshEnv(): TransformersEnvLike {
  return {
    allowRemoteModels: true,
    allowLocalModels: false,
    remoteHost: 'https://elsewhere.example/',
    remotePathTemplate: 'custom/{model}/',
    localModelPath: '/old/',
    useBrowserCache: false,
    useFSCache: true,
    cacheDir: '/tmp/cache',
    backends: { onnx: { wasm: {} } },
  };
}

describe('configureTransformersEnv', () => {
  it('local: only local files, from baseUrl, with the app-served WASM', () => {
    const env = freshEnv();
    configureTransformersEnv(env, { kind: 'local', baseUrl: '/models' }, '/vendor/ort');
    expect(env.allowLocalModels).toBe(true);
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toBe('/models/');
    expect(env.useBrowserCache).toBe(false);
    expect(env.useFSCache).toBe(false);
    expect(env.backends.onnx.wasm?.wasmPaths).toBe('/vendor/ort/');
  });

  it('hub: only remote files, from the Hugging Face hub by default, with its URL layout', () => {
    const env = freshEnv();
    configureTransformersEnv(env, { kind: 'hub' }, '/vendor/ort/');
    expect(env.allowRemoteModels).toBe(true);
    expect(env.allowLocalModels).toBe(false);
    expect(env.remoteHost).toBe(HF_HUB);
    expect(env.remotePathTemplate).toBe('{model}/resolve/{revision}/');
    expect(env.backends.onnx.wasm?.wasmPaths).toBe('/vendor/ort/');
  });

  it('hub: a mirror host replaces the hub', () => {
    const env = freshEnv();
    configureTransformersEnv(env, { kind: 'hub', remoteHost: 'https://mirror.example/hf' }, '/vendor/ort/');
    expect(env.remoteHost).toBe('https://mirror.example/hf/');
  });

  it('hub: uses the Cache API only where it exists (not in Node), and the file cache where there is a file system', () => {
    const env = freshEnv();
    configureTransformersEnv(env, { kind: 'hub' }, '/vendor/ort/');
    expect(env.useBrowserCache).toBe(typeof caches !== 'undefined');
    expect(env.useFSCache).toBe(true);
    const browserLike = { ...freshEnv(), cacheDir: null };
    configureTransformersEnv(browserLike, { kind: 'hub' }, '/vendor/ort/');
    expect(browserLike.useFSCache).toBe(false);
  });

  it('switching back to local undoes a hub configuration', () => {
    const env = freshEnv();
    configureTransformersEnv(env, { kind: 'hub', remoteHost: 'https://mirror.example/' }, '/vendor/ort/');
    configureTransformersEnv(env, { kind: 'local', baseUrl: '/models/' }, '/vendor/ort/');
    expect(env.allowRemoteModels).toBe(false);
    expect(env.remoteHost).toBe(HF_HUB);
    expect(env.useFSCache).toBe(false);
  });

  it('tolerates a backend without WASM settings (onnxruntime-node)', () => {
    const env = { ...freshEnv(), backends: { onnx: {} } };
    expect(() => configureTransformersEnv(env, { kind: 'local', baseUrl: '/models/' }, '/vendor/ort/')).not.toThrow();
  });
});

describe('modelLocation', () => {
  it('is the model folder under baseUrl for local models', () => {
    expect(modelLocation('sieve/tiny', { kind: 'local', baseUrl: '/models' })).toBe('/models/sieve/tiny/');
  });

  it('is the resolve/main folder on the hub or mirror', () => {
    expect(modelLocation('Xenova/all-MiniLM-L6-v2', { kind: 'hub' })).toBe('https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/');
    expect(modelLocation('a/b', { kind: 'hub', remoteHost: 'http://m.example' })).toBe('http://m.example/a/b/resolve/main/');
  });
});
