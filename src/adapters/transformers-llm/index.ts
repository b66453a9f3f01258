export { loadTransformersLlm, contextWindowOf, DEFAULT_MAX_CONTEXT } from './load';
export { LlmLoadError } from './load-error';
export { PromptTooLongError, fitMessages } from './fit-prompt';
export type { LlmDtype, TransformersLlmOptions } from './options';
