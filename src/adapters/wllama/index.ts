export { loadWllama } from './load';
export { defaultThreads } from './environment';
export type { GgufSource, WllamaDevice, WllamaOptions } from './options';
