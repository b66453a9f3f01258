/**
 * The model could not be made ready. Named like USE-lite's error so the UI can treat both alike;
 * the message names the model, where it was looked for, and the cause.
 */
export class ModelLoadError extends Error {
  readonly modelId: string;
  readonly location: string;
  constructor(modelId: string, location: string, cause: unknown) {
    super(`Loading the embedding model failed: "${modelId}" from ${location}: ${describeCause(cause)}`, { cause });
    this.name = 'ModelLoadError';
    this.modelId = modelId;
    this.location = location;
  }
}

export function describeCause(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
