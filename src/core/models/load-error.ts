import type { ModelKind } from './manifest';

/**
 * Why a model failed, for the UI to act on. WebLLM and llama.cpp sort their failures finely;
 * transformers.js and USE-lite mostly say 'load', 'not-found' or 'download'.
 */
export type ModelErrorCode =
  /** No WebGPU (or no adapter) where the model needs it. */
  | 'no-webgpu'
  /** The GPU lacks 16-bit float shaders (shader-f16). */
  | 'no-f16'
  | 'device-lost'
  | 'out-of-memory'
  | 'download'
  | 'not-found'
  | 'not-gguf'
  | 'unsupported-architecture'
  | 'too-large'
  /** A file shorter than its header says (a download or copy that stopped early). */
  | 'incomplete'
  /** A file picked from disk before a reload that the browser did not keep. */
  | 'file-needed'
  | 'unsupported-browser'
  /** No engine of that name for that kind of model (settings from a newer or broken build). */
  | 'unknown-engine'
  | 'load'
  /** A failure after the model loaded, while generating or scoring. */
  | 'run'
  | 'unknown';

interface ModelLoadErrorInit {
  kind: ModelKind;
  /** The runtime: 'use-lite', 'transformers', 'webllm', 'wllama'. */
  engine: string;
  /** The name a user knows the model by (model id, GGUF file name). */
  model: string;
  /** The folder, URL or file the model was looked for at, when there is one. */
  location?: string;
  code: ModelErrorCode;
  /** Complete and readable: names the model and the cause. */
  message: string;
  cause?: unknown;
}

/**
 * A model that could not be made ready (or, with code 'run' or 'device-lost', failed later),
 * whatever its kind and runtime. Crosses worker boundaries as its name, code and message.
 */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  readonly kind: ModelKind;
  readonly engine: string;
  readonly model: string;
  readonly location?: string;
  readonly code: ModelErrorCode;

  constructor(init: ModelLoadErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.engine = init.engine;
    this.model = init.model;
    this.location = init.location;
    this.code = init.code;
  }
}

const NOUNS: Record<ModelKind, string> = { embedder: 'embedding model', llm: 'language model', reranker: 'reranker model' };

/** "embedding model", "language model", "reranker model". */
export function modelNoun(kind: ModelKind): string {
  return NOUNS[kind];
}

/** The message of anything thrown. */
export function describeCause(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
