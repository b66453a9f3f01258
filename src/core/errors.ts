/** Why a file could not be added. Every message names the file and the cause, in words a user can act on. */
export type IngestErrorCode = 'empty' | 'unsupported' | 'corrupt' | 'encrypted' | 'no-text' | 'too-large' | 'quota' | 'model' | 'cancelled' | 'storage' | 'duplicate';

export class IngestError extends Error {
  readonly code: IngestErrorCode;
  readonly fileName: string;
  constructor(code: IngestErrorCode, fileName: string, cause: string) {
    super(`${fileName}: ${cause}`);
    this.name = 'IngestError';
    this.code = code;
    this.fileName = fileName;
  }
}

export function isIngestError(e: unknown): e is IngestError {
  return e instanceof Error && e.name === 'IngestError' && 'code' in e;
}
