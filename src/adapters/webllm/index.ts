export { loadWebLlm, type WebLlmOptions } from './load';
export { listWebLlmModels, selectWebLlmModels, f32Sibling, LAPTOP_VRAM_MB, type WebLlmModel } from './models';
export { hasShaderF16 } from './gpu';
export { WebLlmError, classifyWebLlmError, toWebLlmError, type WebLlmErrorCode } from './errors';
