import { TransformersLoadError } from '../transformers/load-error';

/**
 * The language model could not be made ready. The message names the model, where it was
 * looked for, and the cause; `code` is 'not-found' when a file is missing, else 'load'.
 */
export class LlmLoadError extends TransformersLoadError {
  readonly code: 'not-found' | 'load';
  constructor(modelId: string, location: string, cause: unknown) {
    super('language model', modelId, location, cause);
    this.name = 'LlmLoadError';
    this.code = isMissingFile(cause) ? 'not-found' : 'load';
  }
}

function isMissingFile(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return e.name === 'ModelFileNotFoundError' || /could not locate file|not found|404/i.test(e.message);
}
