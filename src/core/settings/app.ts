import { clamp } from './clamp';
import { DEFAULT_BREAKPOINT_PERCENTILE, DEFAULT_CHUNKER, DEFAULT_LLM_CHUNKER, type ChunkerSettings } from './chunking';
import type { EmbedderSettings, LlmSettings, RerankerSettings } from './models';
import { DEFAULT_PIPELINE, withPipelineDefaults, type PipelineSettings } from './pipeline';
import { DEFAULT_WEIGHTS, type SearchSettings } from './retrieval';

export interface Settings {
  embedder: EmbedderSettings;
  chunker: ChunkerSettings;
  search: SearchSettings;
  llm: LlmSettings;
  reranker: RerankerSettings;
  pipeline: PipelineSettings;
}

export const DEFAULT_SETTINGS: Settings = {
  embedder: { kind: 'use-lite' },
  chunker: DEFAULT_CHUNKER,
  search: { mode: 'hybrid', weights: DEFAULT_WEIGHTS, limit: 20 },
  llm: { kind: 'none' },
  reranker: { kind: 'none' },
  pipeline: DEFAULT_PIPELINE,
};

/** Fills anything missing (older saved settings, partial updates) from the defaults and keeps numbers in range. */
export function withDefaults(saved: Partial<Settings> | undefined): Settings {
  const search = { ...DEFAULT_SETTINGS.search, ...saved?.search };
  const weights = { ...DEFAULT_SETTINGS.search.weights, ...saved?.search?.weights };
  return {
    embedder: saved?.embedder ?? DEFAULT_SETTINGS.embedder,
    chunker: validChunker(saved?.chunker),
    search: {
      mode: search.mode,
      weights: { bm25: clamp(weights.bm25, 0, 1, 0.5), dense: clamp(weights.dense, 0, 1, 0.5) },
      limit: Math.round(clamp(search.limit, 1, 200, DEFAULT_SETTINGS.search.limit)),
    },
    llm: saved?.llm?.kind ? saved.llm : DEFAULT_SETTINGS.llm,
    reranker: saved?.reranker?.kind ? saved.reranker : DEFAULT_SETTINGS.reranker,
    pipeline: withPipelineDefaults(saved?.pipeline),
  };
}

function validChunker(c: ChunkerSettings | undefined): ChunkerSettings {
  if (!c) return DEFAULT_SETTINGS.chunker;
  const headers = c.headers !== false;
  const base = { headers, ...(headers && c.headerVectors === true ? { headerVectors: true } : {}) };
  if (c.kind === 'semantic') {
    // Saved settings from before percentiles have none, and keep meaning an absolute θ.
    const percentile = typeof c.percentile === 'number' && Number.isFinite(c.percentile) ? { percentile: clamp(c.percentile, 0, 100, DEFAULT_BREAKPOINT_PERCENTILE) } : {};
    return { kind: 'semantic', threshold: clamp(c.threshold, -1, 1, 0.8), maxChars: Math.round(clamp(c.maxChars, 50, 4000, 500)), ...percentile, ...base };
  }
  if (c.kind === 'llm') {
    const maxChars = Math.round(clamp(c.maxChars, 100, 8000, DEFAULT_LLM_CHUNKER.maxChars));
    const minChars = Math.round(clamp(c.minChars, 0, Math.floor(maxChars / 2), Math.min(DEFAULT_LLM_CHUNKER.minChars, Math.floor(maxChars / 2))));
    return { kind: 'llm', threshold: clamp(c.threshold, -20, 20, DEFAULT_LLM_CHUNKER.threshold), minChars, maxChars, ...base };
  }
  const size = Math.round(clamp(c.size, 50, 8000, 500));
  return { kind: 'fixed', size, overlap: Math.round(clamp(c.overlap, 0, size - 1, 50)), ...base };
}
