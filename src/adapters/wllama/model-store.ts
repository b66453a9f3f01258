import type { ModelManager } from '@wllama/wllama/esm/index.js';
import { ModelLoadError } from '../../core/models';
import { ggufError } from './errors';

/** Bytes so far of a download or copy. */
export type ByteProgress = (loaded: number, total: number) => void;

/** Where GGUF files are fetched and kept (wllama's cache in the origin-private file system). */
export interface ModelStore {
  /** The complete cached copy of the model at `url` (one blob per shard), if there is one. */
  cached(url: string): Promise<Blob[] | undefined>;
  /** Downloads the model at `url` into the cache. Throws a ModelLoadError for a download cut short. */
  download(url: string, name: string, onProgress: ByteProgress, signal?: AbortSignal): Promise<Blob[]>;
  /** Keeps a picked file across reloads, replacing the one kept before; false when the browser would not store it. */
  keepFile(key: string, file: Blob, onProgress: ByteProgress): Promise<boolean>;
  /** The file kept under `key`, if it is there whole. */
  keptFile(key: string, size: number): Promise<Blob | undefined>;
}

/** Cache names of picked files start with this, so a new pick can drop the old copy. */
const PICKED = 'sieve-picked_';

/** The cache name of a picked file: its size and name identify it well enough to find it after a reload. */
export function pickedFileKey(name: string, size: number): string {
  return `${PICKED}${size}_${name.replace(/[^\w.-]+/g, '_')}`;
}

/** A ModelStore on wllama's ModelManager (downloads, shards, sizes) and its CacheManager (picked files). */
export function wllamaModelStore(manager: ModelManager): ModelStore {
  const cache = manager.cacheManager;
  const keptFile = async (key: string, size: number) => {
    const blob = await cache.open(key).catch(() => null);
    return blob && blob.size === size ? blob : undefined;
  };
  return {
    async cached(url) {
      const model = (await manager.getModels()).find((m) => m.url === url);
      return model ? model.open() : undefined;
    },

    async download(url, name, onProgress, signal) {
      let loaded = 0;
      let total: number | undefined;
      try {
        const model = await manager.downloadModel(url, {
          signal,
          progressCallback: (p) => {
            loaded = p.loaded;
            total = p.total || undefined;
            onProgress(p.loaded, p.total);
          },
        });
        // wllama keeps a file whose body ended early; its size then differs from Content-Length.
        const short = model.files.find((f) => f.metadata.originalSize > 0 && f.size !== f.metadata.originalSize);
        if (short) {
          await model.remove().catch(() => undefined);
          throw ggufError('download', name, { loaded: short.size, size: short.metadata.originalSize, cause: 'the server sent less than it announced', location: url });
        }
        return await model.open();
      } catch (e) {
        if (e instanceof ModelLoadError || (e instanceof Error && e.name === 'AbortError')) throw e;
        const message = e instanceof Error ? e.message : String(e);
        if (/HTTP \d{3}/.test(message)) throw e; // sorted by toGgufError (404 → not found)
        throw ggufError('download', name, { loaded, size: total, cause: message, location: url }, e);
      }
    },

    async keepFile(key, file, onProgress) {
      if (await keptFile(key, file.size)) return true;
      const quota = typeof navigator === 'undefined' ? undefined : await navigator.storage?.estimate?.().catch(() => undefined);
      if (quota?.quota !== undefined && quota.usage !== undefined && quota.quota - quota.usage < file.size) return false;
      await cache.deleteMany((entry) => entry.name.startsWith(PICKED) && entry.name !== key);
      let loaded = 0;
      const counted = file.stream().pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            loaded += chunk.byteLength;
            onProgress(loaded, file.size);
            controller.enqueue(chunk);
          },
        }),
      );
      try {
        await cache.write(key, counted, { originalURL: '', originalSize: file.size, etag: '' });
        return true;
      } catch {
        await cache.delete(key).catch(() => undefined);
        return false;
      }
    },

    keptFile,
  };
}
