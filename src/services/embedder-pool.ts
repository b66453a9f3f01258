import type { Embedder, LoadProgress } from '../core/embed';
import type { EmbedderSettings } from '../core/settings';
import { failAll, wrap } from '../rpc/wrap';
import { EMBED_METHODS, type EmbedApi } from '../rpc/apis/embed';
import { runtimeEnv } from '../adapters/env';
import { PooledEmbedder } from './pooled-embedder';
import { fetchUseLiteFiles, type UseLiteFiles } from '../adapters/use-lite/model-files';
import { VENDOR } from './registry/options';

/** Separate model copies; more cores become WASM threads inside each copy. */
const MAX_WORKERS = 2;

/**
 * Starts embedding workers and loads the model in each. The bundled model runs on the CPU: up to
 * two copies in two workers, each using its share of the cores as WASM threads when the page is
 * cross-origin isolated. A GPU model gets a single worker.
 */
export async function loadEmbedderPool(settings: EmbedderSettings, onProgress: (p: LoadProgress) => void): Promise<Embedder> {
  const cores = (await runtimeEnv()).threads;
  const size = settings.kind === 'use-lite' ? Math.max(1, Math.min(MAX_WORKERS, cores)) : 1;
  const threads = Math.max(1, Math.floor(cores / size));
  const workers = Array.from({ length: size }, () => new Worker(new URL('../workers/embed.worker.ts', import.meta.url), { type: 'module', name: 'embedder' }));
  const clients = workers.map((w) => wrap<EmbedApi>(w, EMBED_METHODS));
  const stop = (reason: string) => {
    // A terminated worker never answers: fail its calls first so nothing waits forever.
    for (const c of clients) failAll(c, new Error(reason));
    workers.forEach((w) => w.terminate());
  };
  let pool: PooledEmbedder | undefined;
  workers.forEach((w) =>
    w.addEventListener('error', (e) => {
      if (pool) pool.broken = true;
      stop(`the embedding worker stopped (${e.message || 'it ran out of memory or crashed'})`);
    }),
  );
  try {
    // The bundled model's files are fetched once, here, and handed to every copy: each worker
    // fetching them itself downloaded the 27 MB once per worker wherever the HTTP cache did not
    // join the requests (no cache headers, the cache disabled, or full).
    const files = settings.kind === 'use-lite' ? await fetchUseLiteFiles(`${VENDOR}use-lite/`, (url, init) => fetch(url, init), onProgress) : null;
    const infos = await Promise.all(
      clients.map((c, i) =>
        c.load(settings, threads, files, {
          onProgress: i === 0 && !files ? onProgress : undefined,
          // Copied to the others, moved to the last (postMessage copies at once, before the move).
          transfer: files && i === clients.length - 1 ? transferables(files) : undefined,
        }),
      ),
    );
    pool = new PooledEmbedder(
      infos[0].id,
      infos[0].dim,
      clients.map((c) => ({ embed: (texts: string[], signal?: AbortSignal) => c.embed(texts, { signal }) })),
      () => stop('the embedding model was replaced'),
    );
    return pool;
  } catch (e) {
    stop('the embedding model failed to load');
    throw e;
  }
}

/** The weight buffers of fetched USE-lite files (what can move to a worker instead of being copied). */
function transferables(files: UseLiteFiles): Transferable[] {
  const data = files.artifacts.weightData;
  return (Array.isArray(data) ? data : data ? [data] : []) as ArrayBuffer[];
}
