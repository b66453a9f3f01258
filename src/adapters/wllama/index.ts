export { loadWllama } from './load';
export type { GgufSource, WllamaDevice, WllamaOptions } from './options';
