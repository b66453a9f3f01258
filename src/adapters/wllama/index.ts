export { loadWllama, DEFAULT_MAX_CONTEXT } from './load';
export { GgufError, type WllamaErrorCode } from './errors';
export type { GgufSource, WllamaDevice, WllamaOptions } from './options';
