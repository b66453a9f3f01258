import type { Embedder, LoadProgress } from '../../core/embed';
import type { LlmEngine } from '../../core/llm';
import type { ModelKind } from '../../core/models';
import type { Reranker } from '../../core/pipeline';
import type { EmbedderSettings, LlmSettings, RerankerSettings } from '../../core/settings';
import type { RuntimeEnv } from '../../adapters/env';
import type { UseLiteFiles } from '../../adapters/use-lite/model-files';

export type { ModelKind };

/** What loadModel takes for each kind: the settings of that kind, plus what settings cannot hold. */
export interface ModelSpecs {
  /**
   * `threads`: WASM threads for this copy of the model (used only when cross-origin isolated).
   * `files`: USE-lite's files already fetched (once for a pool of workers), so this copy downloads nothing.
   */
  embedder: EmbedderSettings & { threads?: number; files?: UseLiteFiles };
  /** `file`: a GGUF file just picked (settings with source 'file'); without it, the copy kept in the browser. */
  llm: LlmSettings & { file?: Blob };
  reranker: RerankerSettings;
}

/** A reranker that holds a model; dispose() frees it. */
export interface LoadedReranker extends Reranker {
  dispose(): Promise<void>;
}

/** What loadModel gives for each kind; undefined for 'none' (retrieval-only, retrieval order). */
export interface LoadedModels {
  embedder: Embedder;
  llm: LlmEngine | undefined;
  reranker: LoadedReranker | undefined;
}

export type ModelSpec<K extends ModelKind> = ModelSpecs[K];
export type EngineOf<K extends ModelKind> = ModelSpecs[K]['kind'];

/** Loads one engine's model; imports its runtime only when called. */
export type ModelTask<K extends ModelKind, E extends EngineOf<K> = EngineOf<K>> = (
  spec: Extract<ModelSpecs[K], { kind: E }>,
  onProgress: (p: LoadProgress) => void,
  env: RuntimeEnv,
) => Promise<LoadedModels[K]>;

/** Every (kind, engine) pair the app can load. */
export type TaskTable = { [K in ModelKind]: { [E in EngineOf<K>]: ModelTask<K, E> } };
