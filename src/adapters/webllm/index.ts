export { loadWebLlm } from './load';
export { listWebLlmModels, webLlmCatalogue, type WebLlmCatalogue, type WebLlmModel } from './models';
