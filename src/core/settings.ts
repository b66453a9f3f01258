import { DEFAULT_CHUNKER, type ChunkerSettings } from './types';
import { DEFAULT_WEIGHTS, type FusionWeights } from './search/fusion';

export type EmbedderSettings =
  | { kind: 'use-lite' }
  | {
      kind: 'transformers';
      modelId: string;
      /** 'hub' downloads from the Hugging Face hub (or a mirror in remoteHost); 'local' reads `${localBaseUrl}${modelId}/`. */
      source: 'hub' | 'local';
      remoteHost?: string;
      localBaseUrl?: string;
      device: 'auto' | 'webgpu' | 'wasm';
      dtype?: 'fp32' | 'fp16' | 'q8';
    };

export interface SearchSettings {
  mode: 'hybrid' | 'bm25' | 'dense';
  weights: FusionWeights;
  limit: number;
}

export interface Settings {
  embedder: EmbedderSettings;
  chunker: ChunkerSettings;
  search: SearchSettings;
}

export const DEFAULT_SETTINGS: Settings = {
  embedder: { kind: 'use-lite' },
  chunker: DEFAULT_CHUNKER,
  search: { mode: 'hybrid', weights: DEFAULT_WEIGHTS, limit: 20 },
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
  };
}

function validChunker(c: ChunkerSettings | undefined): ChunkerSettings {
  if (!c) return DEFAULT_SETTINGS.chunker;
  if (c.kind === 'semantic') {
    return { kind: 'semantic', threshold: clamp(c.threshold, -1, 1, 0.8), maxChars: Math.round(clamp(c.maxChars, 50, 4000, 500)) };
  }
  const size = Math.round(clamp(c.size, 50, 8000, 500));
  return { kind: 'fixed', size, overlap: Math.round(clamp(c.overlap, 0, size - 1, 50)) };
}

function clamp(v: unknown, lo: number, hi: number, fallback: number): number {
  const n = typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  return Math.min(hi, Math.max(lo, n));
}
