export { loadTransformersEmbedder } from './embedder';
export { loadCrossEncoder, type CrossEncoder, type CrossEncoderOptions } from './cross-encoder';
export type { DeviceChoice, ModelDtype, ModelSource, Pooling, TransformersEmbedderOptions } from './options';
export { TINY_EMBEDDER_DIM, TINY_EMBEDDER_ID } from './tiny-embedder';
