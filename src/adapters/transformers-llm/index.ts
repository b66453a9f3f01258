export { loadTransformersLlm } from './load';
export { LlmLoadError } from './load-error';
export type { LlmDtype, TransformersLlmOptions } from './options';
