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

/** Fills anything missing (older saved settings, partial updates) from the defaults. */
export function withDefaults(saved: Partial<Settings> | undefined): Settings {
  return {
    embedder: saved?.embedder ?? DEFAULT_SETTINGS.embedder,
    chunker: saved?.chunker ?? DEFAULT_SETTINGS.chunker,
    search: { ...DEFAULT_SETTINGS.search, ...saved?.search, weights: { ...DEFAULT_SETTINGS.search.weights, ...saved?.search?.weights } },
  };
}
