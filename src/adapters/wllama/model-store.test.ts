import { describe, expect, it, vi } from 'vitest';
import type { ModelManager } from '@wllama/wllama/esm/index.js';
import { pickedFileKey, wllamaModelStore } from './model-store';

interface FakeFile {
  name: string;
  size: number;
  metadata: { originalSize: number; originalURL: string; etag: string };
}

/** Enough of wllama's ModelManager and CacheManager: a map of stored blobs, and a scripted download. */
function fakeManager(download: (options: { progressCallback?: (p: { loaded: number; total: number }) => void }) => Promise<FakeFile[]>) {
  const stored = new Map<string, Blob>();
  const remove = vi.fn(async () => {});
  const manager = {
    cacheManager: {
      open: async (name: string) => stored.get(name) ?? null,
      write: vi.fn(async (name: string, stream: ReadableStream) => {
        stored.set(name, await new Response(stream).blob());
      }),
      delete: async (name: string) => void stored.delete(name),
      deleteMany: async (predicate: (e: { name: string }) => boolean) => {
        for (const name of [...stored.keys()]) if (predicate({ name })) stored.delete(name);
      },
    },
    getModels: async () => [],
    downloadModel: async (_url: string, options: { progressCallback?: (p: { loaded: number; total: number }) => void }) => {
      const files = await download(options);
      return { files, remove, open: async () => files.map((f) => new Blob([new Uint8Array(f.size)])) };
    },
  };
  return { manager: manager as unknown as ModelManager, stored, remove };
}

const file = (size: number, originalSize: number): FakeFile => ({ name: 'abc_model.gguf', size, metadata: { originalSize, originalURL: 'u', etag: '' } });

describe('wllamaModelStore.download', () => {
  it('returns the blobs of a complete download, reporting bytes', async () => {
    const { manager } = fakeManager(async ({ progressCallback }) => {
      progressCallback?.({ loaded: 10, total: 20 });
      return [file(20, 20)];
    });
    const progress: number[][] = [];
    const blobs = await wllamaModelStore(manager).download('https://x/m.gguf', 'm.gguf', (l, t) => progress.push([l, t]));
    expect(blobs.map((b) => b.size)).toEqual([20]);
    expect(progress).toEqual([[10, 20]]);
  });

  it('treats a body shorter than its Content-Length as a cut download, and drops it', async () => {
    const { manager, remove } = fakeManager(async () => [file(600 * 1024 ** 2, 1024 ** 3)]);
    const e = await wllamaModelStore(manager)
      .download('https://x/m.gguf', 'm.gguf', () => {})
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'ModelLoadError', code: 'download', model: 'm.gguf' });
    expect((e as Error).message).toBe(
      'Downloading "m.gguf" stopped after 600 MB of 1.0 GB: the server sent less than it announced. Check the connection and try again; the download starts over.',
    );
    expect(remove).toHaveBeenCalled();
  });

  it('says how far a download got when the connection broke mid-stream', async () => {
    const { manager } = fakeManager(async ({ progressCallback }) => {
      progressCallback?.({ loaded: 300 * 1024 ** 2, total: 1024 ** 3 });
      throw new TypeError('network error');
    });
    await expect(wllamaModelStore(manager).download('https://x/m.gguf', 'm.gguf', () => {})).rejects.toMatchObject({
      code: 'download',
      message: expect.stringMatching(/^Downloading "m\.gguf" stopped after 300 MB of 1\.0 GB: network error\./),
    });
  });

  it('leaves HTTP errors and aborts for the caller to sort', async () => {
    const http = fakeManager(async () => Promise.reject(new Error('Failed to fetch https://x/m.gguf: HTTP 404')));
    await expect(wllamaModelStore(http.manager).download('https://x/m.gguf', 'm.gguf', () => {})).rejects.toThrow('HTTP 404');
    const abort = fakeManager(async () => Promise.reject(new DOMException('stop', 'AbortError')));
    await expect(wllamaModelStore(abort.manager).download('https://x/m.gguf', 'm.gguf', () => {})).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('wllamaModelStore picked files', () => {
  it('keeps one picked file, finds it again by name and size, and drops the one kept before', async () => {
    const { manager, stored } = fakeManager(async () => []);
    const store = wllamaModelStore(manager);
    const first = new Blob([new Uint8Array(10)]);
    const second = new Blob([new Uint8Array(20)]);
    const progress: number[] = [];
    expect(await store.keepFile(pickedFileKey('a.gguf', 10), first, (l) => progress.push(l))).toBe(true);
    expect(progress.at(-1)).toBe(10);
    expect(await store.keepFile(pickedFileKey('b model.gguf', 20), second, () => {})).toBe(true);
    expect([...stored.keys()]).toEqual(['sieve-picked_20_b_model.gguf']);
    expect((await store.keptFile(pickedFileKey('b model.gguf', 20), 20))?.size).toBe(20);
    expect(await store.keptFile(pickedFileKey('a.gguf', 10), 10)).toBeUndefined();
    // A kept copy of another size (a cut write) does not count.
    expect(await store.keptFile(pickedFileKey('b model.gguf', 20), 21)).toBeUndefined();
  });

  it('does not copy a file already kept', async () => {
    const { manager } = fakeManager(async () => []);
    const store = wllamaModelStore(manager);
    const blob = new Blob([new Uint8Array(10)]);
    await store.keepFile('sieve-picked_10_a.gguf', blob, () => {});
    await store.keepFile('sieve-picked_10_a.gguf', blob, () => {});
    expect(manager.cacheManager.write).toHaveBeenCalledTimes(1);
  });
});
