import type { CallContext } from '../protocol';
import type { Methods } from '../types';
import type { LoadProgress } from '../../core/embed';
import type { EmbedderSettings } from '../../core/settings';
import type { UseLiteFiles } from '../../adapters/use-lite/model-files';

/** One embedding worker of the pool (src/workers/embed.worker.ts), as the library worker calls it. */
export interface EmbedApi {
  /** `files`: USE-lite's files, fetched once for the whole pool (null: the worker fetches them). */
  load(settings: EmbedderSettings, threads: number, files: UseLiteFiles | null, ctx: CallContext<LoadProgress>): Promise<{ id: string; dim: number }>;
  embed(texts: string[], ctx: CallContext): Promise<Float32Array[]>;
}

export const EMBED_METHODS: Methods<EmbedApi> = { load: 3, embed: 1 };
