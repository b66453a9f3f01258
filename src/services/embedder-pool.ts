import type { Embedder, LoadProgress } from '../core/embed/embedder';
import type { EmbedderSettings } from '../core/settings';
import { RpcClient } from '../rpc/wrap';
import type { Port } from '../rpc/protocol';
import { runtimeEnv } from '../adapters/env';
import { PooledEmbedder } from './pooled-embedder';

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
  const clients = workers.map((w) => new RpcClient(w as unknown as Port));
  const stop = (reason: string) => {
    // A terminated worker never answers: fail its calls first so nothing waits forever.
    for (const c of clients) c.failAll(new Error(reason));
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
    const infos = await Promise.all(
      clients.map((c, i) => c.call<{ id: string; dim: number }>('load', [settings, threads], { onProgress: i === 0 ? onProgress : undefined })),
    );
    pool = new PooledEmbedder(
      infos[0].id,
      infos[0].dim,
      clients.map((c) => ({ embed: (texts: string[], signal?: AbortSignal) => c.call<Float32Array[]>('embed', [texts], { signal }) })),
      () => stop('the embedding model was replaced'),
    );
    return pool;
  } catch (e) {
    stop('the embedding model failed to load');
    throw e;
  }
}
