export { loadWebLlm, type WebLlmOptions } from './load';
export { listWebLlmModels, type WebLlmModel } from './models';
export { hasShaderF16 } from './gpu';
export { WebLlmError, type WebLlmErrorCode } from './errors';
