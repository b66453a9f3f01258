import { ModelLoadError, type ModelErrorCode } from '../../core/models';

/** USE-lite's name in errors (the model has no id a user types). */
const MODEL = 'Universal Sentence Encoder lite';

/** USE-lite could not be made ready; `detail` names the step (and the file) and the cause. */
export function useLiteError(detail: string, options: { code?: ModelErrorCode; location?: string; cause?: unknown } = {}): ModelLoadError {
  return new ModelLoadError({
    kind: 'embedder',
    engine: 'use-lite',
    model: MODEL,
    location: options.location,
    code: options.code ?? 'load',
    message: `Loading the embedding model failed: ${detail}`,
    cause: options.cause,
  });
}
