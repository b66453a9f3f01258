export { loadTransformersLlm } from './load';
export type { LlmDtype, TransformersLlmOptions } from './options';
