/**
 * The model registry: one `loadModel(kind, spec, onProgress)` for every embedder, language
 * model and reranker, dispatching by the engine in the settings to the runtime that loads it
 * (imported only when chosen), with one error type (ModelLoadError, from core/models).
 */
export { loadModel } from './load-model';
export { TASKS } from './tasks';
export { transformersLoadOptions, wllamaLoadOptions, LLAMA_HOST, WLLAMA_WASM } from './options';
export type { LoadedModels, LoadedReranker, ModelKind, ModelSpec, ModelSpecs, ModelTask, TaskTable } from './types';
