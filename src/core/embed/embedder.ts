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

/**
 * A call of this many texts or fewer is someone waiting (a question's query, a search), not a
 * document being added (whose calls hold a page or more of sentences): a runtime that queues its
 * model calls serves such a call's batch before the batches of larger calls still waiting.
 */
export const URGENT_TEXTS = 8;

/** Reported while a model's files download or compile. */
export interface LoadProgress {
  file: string;
  loaded: number;
  total: number;
}
