/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import type { CallContext, Port } from '../rpc/protocol';
import type { Embedder, LoadProgress } from '../core/embed/embedder';
import type { EmbedderSettings } from '../core/settings';
import { loadModel } from '../services/registry';
import type { UseLiteFiles } from '../adapters/use-lite/model-files';

// Thin host for one embedding model; the library worker runs a pool of these, one per core.
let embedder: Promise<Embedder> | undefined;

expose(
  {
    /** `files`: USE-lite's files, fetched once by the library worker for the whole pool (null: fetch them here). */
    load: async (settings: EmbedderSettings, threads: number, files: UseLiteFiles | null, ctx: CallContext) => {
      embedder = loadModel('embedder', { ...settings, threads, ...(files ? { files } : {}) }, (p: LoadProgress) => ctx.progress(p));
      const e = await embedder;
      return { id: e.id, dim: e.dim };
    },
    embed: async (texts: string[], ctx: CallContext) => {
      if (!embedder) throw new Error('no embedding model is loaded in this worker');
      return (await embedder).embed(texts, ctx.signal);
    },
  },
  self as unknown as Port,
);
