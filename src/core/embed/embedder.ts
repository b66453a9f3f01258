/** A sentence-embedding model. Every runtime (TF.js, transformers.js, a test fake) implements this. */
export interface Embedder {
  /** Stable identifier of the model and its settings; part of every embedding-cache key. */
  readonly id: string;
  readonly dim: number;
  /** False for a model whose vocabulary has no Chinese, Japanese or Korean (such text embeds as "unknown"); absent: it reads them. */
  readonly readsCjk?: boolean;
  /** Returns one L2-normalised vector per text, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  dispose?(): Promise<void> | void;
}

/** Reported while a model's files download or compile. */
export interface LoadProgress {
  file: string;
  loaded: number;
  total: number;
}
