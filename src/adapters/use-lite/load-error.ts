/** Raised when the embedding model cannot be made ready; the message names the step and the cause. */
export class ModelLoadError extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`Loading the embedding model failed: ${detail}`, options);
    this.name = 'ModelLoadError';
  }
}

export function describeCause(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
