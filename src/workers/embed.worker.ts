/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import { EMBED_METHODS, type EmbedApi } from '../rpc/apis/embed';
import type { Embedder } from '../core/embed';
import { loadModel } from '../services/registry';

// Thin host for one embedding model; the library worker runs a pool of these, one per core.
let embedder: Promise<Embedder> | undefined;

const api: EmbedApi = {
  load: async (settings, threads, files, ctx) => {
    embedder = loadModel('embedder', { ...settings, threads, ...(files ? { files } : {}) }, (p) => ctx.progress(p));
    const e = await embedder;
    return { id: e.id, dim: e.dim };
  },
  embed: async (texts, ctx) => {
    if (!embedder) throw new Error('no embedding model is loaded in this worker');
    return (await embedder).embed(texts, ctx.signal);
  },
};

expose(api, self, EMBED_METHODS);
