export { loadWllama, DEFAULT_MAX_CONTEXT } from './load';
export type { WllamaErrorCode } from './errors';
export type { GgufSource, WllamaDevice, WllamaOptions } from './options';
