/**
 * The browser storage Sieve uses beside the library: files the app keeps so it starts and works
 * offline (the precached shell, /vendor/ runtimes, the model manifest) and model files (the
 * service worker's copies of /models/, transformers.js's and WebLLM's downloads in the Cache
 * API, wllama's GGUF files in the origin-private file system). Model files can be fetched again,
 * so they give way to the library when it needs the room (see CachedFiles.freeModels).
 */
import { ASSET_CACHE, MODEL_CACHE, VENDOR_CACHE } from '../../sw/caching';

export interface CachedFilesUsage {
  /** Model files: fetched again when next used. */
  modelBytes: number;
  /** The app's own files, which let it start offline. */
  appBytes: number;
}

export interface CachedFiles {
  usage(): Promise<CachedFilesUsage>;
  /** Deletes the cached model files; resolves to the bytes freed. */
  freeModels(): Promise<number>;
  /**
   * Deletes the runtime files cached on first use (/vendor/: WebAssembly runtimes and the bundled
   * embedding model; build chunks fetched on demand), fetched again on the next visit online; the
   * precached app shell stays. Resolves to the bytes freed.
   */
  freeRuntime(): Promise<number>;
}

/** Caches of model files, fetched again when next used. */
export function isModelCache(name: string): boolean {
  return name === MODEL_CACHE || name === 'transformers-cache' || name.startsWith('webllm/');
}

/** The part of the browser CachedFiles uses; injectable for tests. */
export interface CachedFilesScope {
  caches?: CacheStorage;
  /** The origin-private file system's root (wllama keeps GGUF files there). */
  privateRoot?: () => Promise<FileSystemDirectoryHandle>;
}

function browserScope(): CachedFilesScope {
  const scope = globalThis as { caches?: CacheStorage; navigator?: { storage?: { getDirectory?: () => Promise<FileSystemDirectoryHandle> } } };
  const storage = scope.navigator?.storage;
  return { caches: scope.caches, privateRoot: storage?.getDirectory ? () => storage.getDirectory!() : undefined };
}

/** Undefined where the scope has neither the Cache API nor a private file system (Node). */
export function cachedFiles(scope: CachedFilesScope = browserScope()): CachedFiles | undefined {
  const { caches, privateRoot } = scope;
  if (!caches && !privateRoot) return undefined;
  return {
    async usage() {
      const sizes = { modelBytes: await privateBytes(privateRoot), appBytes: 0 };
      for (const name of caches ? await caches.keys() : []) {
        const bytes = await cacheBytes(await caches!.open(name));
        if (isModelCache(name)) sizes.modelBytes += bytes;
        else sizes.appBytes += bytes;
      }
      return sizes;
    },
    async freeRuntime() {
      return deleteCaches(caches, (name) => name === VENDOR_CACHE || name === ASSET_CACHE);
    },
    async freeModels() {
      let freed = await deleteCaches(caches, isModelCache);
      if (privateRoot) {
        freed += await privateBytes(privateRoot);
        const root = await privateRoot();
        for await (const [name] of entries(root)) await root.removeEntry(name, { recursive: true }).catch(() => undefined);
      }
      return freed;
    },
  };
}

/** Deletes the caches `which` names; resolves to the bytes they held. */
async function deleteCaches(caches: CacheStorage | undefined, which: (name: string) => boolean): Promise<number> {
  let freed = 0;
  for (const name of caches ? await caches.keys() : []) {
    if (!which(name)) continue;
    freed += await cacheBytes(await caches!.open(name));
    await caches!.delete(name);
  }
  return freed;
}

/** A cache's size: each response's Content-Length, or its body's size where it has none. */
async function cacheBytes(cache: Cache): Promise<number> {
  let total = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const length = Number(response.headers.get('content-length'));
    total += Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
  }
  return total;
}

async function privateBytes(privateRoot: CachedFilesScope['privateRoot']): Promise<number> {
  if (!privateRoot) return 0;
  try {
    return await directoryBytes(await privateRoot());
  } catch {
    return 0; // no private file system here (or not allowed): nothing kept in it
  }
}

async function directoryBytes(dir: FileSystemDirectoryHandle): Promise<number> {
  let total = 0;
  for await (const [, handle] of entries(dir)) {
    total += handle.kind === 'file' ? (await (handle as FileSystemFileHandle).getFile()).size : await directoryBytes(handle as FileSystemDirectoryHandle);
  }
  return total;
}

function entries(dir: FileSystemDirectoryHandle): AsyncIterable<[string, FileSystemHandle]> {
  return (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries();
}
