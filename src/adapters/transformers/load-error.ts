import { describeCause, ModelLoadError, modelNoun, type ModelKind } from '../../core/models';

/**
 * A transformers.js model that could not be made ready: the message names what kind of model,
 * which one, where it was looked for, and the cause. `code` is 'not-found' for a missing file.
 */
export function transformersLoadError(kind: ModelKind, modelId: string, location: string, cause: unknown): ModelLoadError {
  return new ModelLoadError({
    kind,
    engine: 'transformers',
    model: modelId,
    location,
    code: isMissingFile(cause) ? 'not-found' : 'load',
    message: `Loading the ${modelNoun(kind)} failed: "${modelId}" from ${location}: ${describeCause(cause)}`,
    cause,
  });
}

/** The cause for a model that loaded but failed its first run on this device. */
export function didNotRun(e: unknown): Error {
  return new Error(`the model did not run: ${describeCause(e)}`, { cause: e });
}

function isMissingFile(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return e.name === 'ModelFileNotFoundError' || /could not locate file|not found|404/i.test(e.message);
}
