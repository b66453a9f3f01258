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

/** An optional cross-encoder (transformers.js text-classification model) that orders kept chunks. */
export type RerankerSettings = { kind: 'none' } | (TransformersModel & { kind: 'transformers'; dtype?: 'fp32' | 'fp16' | 'q8' });

/** The cross-encoder offered when a reranker is turned on. */
export const DEFAULT_CROSS_ENCODER: Extract<RerankerSettings, { kind: 'transformers' }> = {
  kind: 'transformers',
  modelId: 'Xenova/ms-marco-MiniLM-L-6-v2',
  source: 'hub',
  device: 'auto',
};
