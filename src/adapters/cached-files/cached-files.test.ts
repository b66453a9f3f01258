import { describe, expect, it } from 'vitest';
import { cachedFiles } from '.';

/** A Cache API over maps, enough for what CachedFiles calls. */
function fakeCaches(contents: Record<string, Record<string, number>>) {
  const stores = new Map(Object.entries(contents).map(([name, files]) => [name, new Map(Object.entries(files))]));
  const cache = (files: Map<string, number>) =>
    ({
      keys: async () => [...files.keys()].map((url) => new Request(`http://x${url}`)),
      match: async (request: Request) => {
        const size = files.get(new URL(request.url).pathname);
        return size === undefined ? undefined : new Response(new Uint8Array(size));
      },
    }) as unknown as Cache;
  return {
    keys: async () => [...stores.keys()],
    open: async (name: string) => cache(stores.get(name) ?? new Map()),
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
  } as unknown as CacheStorage;
}

describe('cachedFiles', () => {
  it('counts model files and the app’s own files apart, and frees only the model files', async () => {
    const caches = fakeCaches({
      'sieve-models': { '/models/a.onnx': 3000 },
      'transformers-cache': { '/b.onnx': 2000 },
      'webllm/model': { '/c.bin': 1000 },
      'sieve-vendor': { '/vendor/use-lite/model.json': 500 },
      'workbox-precache-v2': { '/index.html': 100 },
    });
    const files = cachedFiles({ caches })!;
    expect(await files.usage()).toEqual({ modelBytes: 6000, appBytes: 600 });
    expect(await files.freeModels()).toBe(6000);
    expect(await files.usage()).toEqual({ modelBytes: 0, appBytes: 600 });
    expect(await caches.keys()).toEqual(['sieve-vendor', 'workbox-precache-v2']);
    // Last, the runtime files; the precached shell stays.
    expect(await files.freeRuntime()).toBe(500);
    expect(await caches.keys()).toEqual(['workbox-precache-v2']);
  });

  it('is undefined where there is neither a Cache API nor a private file system', () => {
    expect(cachedFiles({})).toBeUndefined();
  });
});
