export { loadTransformersEmbedder } from './embedder';
export { ModelLoadError } from './load-error';
export type { DeviceChoice, ModelDtype, ModelSource, Pooling, TransformersEmbedderOptions } from './options';
export { TINY_EMBEDDER_DIM, TINY_EMBEDDER_ID } from './tiny-embedder';
