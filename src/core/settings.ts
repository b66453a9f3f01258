import { DEFAULT_CHUNKER, DEFAULT_LLM_CHUNKER, type ChunkerSettings } from './types';
import { DEFAULT_BREAKPOINT_PERCENTILE } from './chunk/semantic';
import { DEFAULT_WEIGHTS, type FusionWeights } from './search/fusion';
import { DEFAULT_PIPELINE, withPipelineDefaults, type PipelineSettings } from './pipeline/settings';

/** A transformers.js model and where its files come from. */
export interface TransformersModel {
  modelId: string;
  /** 'hub' downloads from the Hugging Face hub (or a mirror in remoteHost); 'local' reads `${localBaseUrl}${modelId}/`. */
  source: 'hub' | 'local';
  remoteHost?: string;
  localBaseUrl?: string;
  device: 'auto' | 'webgpu' | 'wasm';
}

export type EmbedderSettings = { kind: 'use-lite' } | (TransformersModel & { kind: 'transformers'; dtype?: 'fp32' | 'fp16' | 'q8' });

/** Which LLM answers questions; 'none' is retrieval-only mode (the first-start default). */
export type LlmSettings =
  | { kind: 'none' }
  | {
      kind: 'webllm';
      /** A WebLLM prebuilt model id, e.g. "Qwen2.5-1.5B-Instruct-q4f16_1-MLC". */
      modelId: string;
      /** Self-hosted weights: absolute URL of the folder holding mlc-chat-config.json etc. */
      modelUrl?: string;
      /** Self-hosted model library (.wasm) URL; needed with modelUrl for a model not in the prebuilt list. */
      modelLibUrl?: string;
    }
  /** A text-generation ONNX model, e.g. "onnx-community/Qwen2.5-0.5B-Instruct". */
  | (TransformersModel & { kind: 'transformers'; dtype?: 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16' })
  | WllamaSettings;

/** A GGUF model run by llama.cpp compiled to WebAssembly (wllama). */
export interface WllamaSettings {
  kind: 'wllama';
  /**
   * 'url': downloaded from `url` (a Hugging Face file URL or one on this site) and cached.
   * 'file': picked from disk. A File cannot be saved as settings: it goes to the LLM worker
   * beside them when picked, and the worker keeps a copy in the browser, found again after a
   * reload by `fileName` and `fileSize`.
   */
  source: 'url' | 'file';
  url?: string;
  fileName?: string;
  fileSize?: number;
  /** Context window in tokens; default the model's training context, at most 4096. */
  nCtx?: number;
  /** 'auto' uses WebGPU where there is one; 'wasm' keeps to the CPU. */
  device?: 'auto' | 'wasm' | 'webgpu';
}

/** The name a user knows the chosen model by (model id, GGUF file name). */
export function llmModelName(settings: Exclude<LlmSettings, { kind: 'none' }>): string {
  if (settings.kind !== 'wllama') return settings.modelId;
  if (settings.source === 'file') return settings.fileName ?? 'the GGUF file';
  const last = settings.url?.split('?')[0].split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : 'the GGUF model';
}

export interface SearchSettings {
  mode: 'hybrid' | 'bm25' | 'dense';
  weights: FusionWeights;
  limit: number;
}

/** An optional cross-encoder (transformers.js text-classification model) that orders kept chunks. */
export type RerankerSettings = { kind: 'none' } | (TransformersModel & { kind: 'transformers'; dtype?: 'fp32' | 'fp16' | 'q8' });

export interface Settings {
  embedder: EmbedderSettings;
  chunker: ChunkerSettings;
  search: SearchSettings;
  llm: LlmSettings;
  reranker: RerankerSettings;
  pipeline: PipelineSettings;
}

/** The fixed-size chunker's defaults (the baseline ChunkRAG compares with). */
export const DEFAULT_FIXED_CHUNKER: Extract<ChunkerSettings, { kind: 'fixed' }> = { kind: 'fixed', size: 500, overlap: 50, headers: true };

/** The cross-encoder offered when a reranker is turned on. */
export const DEFAULT_CROSS_ENCODER: Extract<RerankerSettings, { kind: 'transformers' }> = {
  kind: 'transformers',
  modelId: 'Xenova/ms-marco-MiniLM-L-6-v2',
  source: 'hub',
  device: 'auto',
};

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

function clamp(v: unknown, lo: number, hi: number, fallback: number): number {
  const n = typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  return Math.min(hi, Math.max(lo, n));
}
