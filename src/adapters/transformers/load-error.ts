/**
 * A model could not be made ready: the message names what kind of model, which one, where it
 * was looked for, and the cause. The subclasses tell the kinds apart.
 */
export class TransformersLoadError extends Error {
  readonly modelId: string;
  readonly location: string;
  constructor(kind: string, modelId: string, location: string, cause: unknown) {
    super(`Loading the ${kind} failed: "${modelId}" from ${location}: ${describeCause(cause)}`, { cause });
    this.modelId = modelId;
    this.location = location;
  }
}

/** The embedding model could not be made ready. Named like USE-lite's error so the UI can treat both alike. */
export class ModelLoadError extends TransformersLoadError {
  constructor(modelId: string, location: string, cause: unknown) {
    super('embedding model', modelId, location, cause);
    this.name = 'ModelLoadError';
  }
}

/** The cause for a model that loaded but failed its first run on this device. */
export function didNotRun(e: unknown): Error {
  return new Error(`the model did not run: ${describeCause(e)}`, { cause: e });
}

export function describeCause(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
