export { loadWebLlm, type WebLlmOptions } from './load';
export { listWebLlmModels, webLlmCatalogue, type WebLlmCatalogue, type WebLlmModel } from './models';
export type { WebLlmErrorCode } from './errors';
