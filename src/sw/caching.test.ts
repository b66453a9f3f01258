import { describe, expect, it } from 'vitest';
import { REVISION_PARAM, isStale, modelRevisions, revisionedKey, routeKind, warmVendorUrls } from './caching';

const ORIGIN = 'http://localhost:4173';
const at = (path: string) => new URL(path, ORIGIN);

describe('routeKind', () => {
  it('sends vendor files, model files, the model manifest and build chunks to their caches', () => {
    expect(routeKind(at('/vendor/use-lite/model.json'), ORIGIN, false)).toBe('vendor');
    expect(routeKind(at('/models/Xenova/all-MiniLM-L6-v2/onnx/model.onnx'), ORIGIN, false)).toBe('model');
    expect(routeKind(at('/models/manifest.json'), ORIGIN, false)).toBe('model-manifest');
    expect(routeKind(at('/assets/lib-abc123.js'), ORIGIN, false)).toBe('asset');
  });

  it('leaves GGUF files (wllama keeps its own copy), range requests, other pages and other hosts to the network', () => {
    expect(routeKind(at('/models/Qwen/x/model.Q4_K_M.gguf'), ORIGIN, false)).toBeNull();
    expect(routeKind(at('/models/Qwen/x/MODEL.GGUF'), ORIGIN, false)).toBeNull();
    expect(routeKind(at('/vendor/ort/ort-wasm-simd-threaded.asyncify.wasm'), ORIGIN, true)).toBeNull();
    expect(routeKind(at('/samples/lighthouses.md'), ORIGIN, false)).toBeNull();
    expect(routeKind(new URL('https://huggingface.co/Xenova/x/resolve/main/config.json'), ORIGIN, false)).toBeNull();
    expect(routeKind(new URL('http://localhost:9999/vendor/use-lite/model.json'), ORIGIN, false)).toBeNull();
  });
});

describe('revisionedKey', () => {
  const revs = { 'vendor/use-lite/model.json': 'aaaa', 'models/sieve/tiny embedder/config.json': 'bbbb' };

  it('adds the revision of a known file and drops any query', () => {
    expect(revisionedKey(`${ORIGIN}/vendor/use-lite/model.json?x=1`, revs)).toBe(`${ORIGIN}/vendor/use-lite/model.json?${REVISION_PARAM}=aaaa`);
    expect(revisionedKey(`${ORIGIN}/models/sieve/tiny%20embedder/config.json`, revs)).toBe(`${ORIGIN}/models/sieve/tiny%20embedder/config.json?${REVISION_PARAM}=bbbb`);
  });

  it('keys an unknown file by its bare URL', () => {
    expect(revisionedKey(`${ORIGIN}/vendor/new/file.wasm#x`, revs)).toBe(`${ORIGIN}/vendor/new/file.wasm`);
  });
});

describe('isStale', () => {
  const revs = { 'vendor/ort/ort.wasm': 'new' };
  it('drops a copy of another revision, or without one, of a file that has a revision now', () => {
    expect(isStale(`${ORIGIN}/vendor/ort/ort.wasm?${REVISION_PARAM}=old`, revs)).toBe(true);
    expect(isStale(`${ORIGIN}/vendor/ort/ort.wasm`, revs)).toBe(true);
    expect(isStale(`${ORIGIN}/vendor/ort/ort.wasm?${REVISION_PARAM}=new`, revs)).toBe(false);
  });

  it('keeps files it knows nothing of, unless told to drop them', () => {
    expect(isStale(`${ORIGIN}/models/mine/config.json`, revs)).toBe(false);
    expect(isStale(`${ORIGIN}/vendor/gone/x.wasm?${REVISION_PARAM}=a`, revs, true)).toBe(true);
  });
});

describe('modelRevisions', () => {
  it('reads each listed file sha256 from the models manifest', () => {
    const manifest = {
      version: 1,
      models: [
        { id: 'Xenova/all-MiniLM-L6-v2', files: [{ path: 'onnx/model.onnx', bytes: 1, sha256: '9a31c7c7a1d4dad8b66e361739f10968' }] },
        { id: 'broken', files: 'nope' },
        { id: 'half', files: [{ path: 'config.json' }] },
      ],
    };
    expect(modelRevisions(manifest)).toEqual({ 'models/Xenova/all-MiniLM-L6-v2/onnx/model.onnx': '9a31c7c7a1d4dad8' });
  });

  it('gives nothing for a manifest it cannot read', () => {
    expect(modelRevisions(null)).toEqual({});
    expect(modelRevisions({ models: 3 })).toEqual({});
  });
});

describe('warmVendorUrls', () => {
  it('lists the default embedder files (USE-lite and the TF.js runtimes), not the others', () => {
    const revs = {
      'vendor/use-lite/vocab.json': 'a',
      'vendor/use-lite/model.json': 'b',
      'vendor/tfjs/tfjs-backend-wasm.wasm': 'c',
      'vendor/ort/ort.wasm': 'd',
      'vendor/wllama/wllama.wasm': 'e',
    };
    expect(warmVendorUrls(revs)).toEqual(['/vendor/tfjs/tfjs-backend-wasm.wasm', '/vendor/use-lite/model.json', '/vendor/use-lite/vocab.json']);
  });
});
