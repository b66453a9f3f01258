import { IngestError, isIngestError } from '../../core/errors';

/** Translates whatever pdf.js threw into an IngestError a user can act on. */
export function toIngestError(error: unknown, fileName: string): IngestError {
  if (isIngestError(error)) return error as IngestError;
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === 'PasswordException') {
    return new IngestError('encrypted', fileName, 'This PDF is password-protected. Remove the password (e.g. print it to a new PDF) and add it again.');
  }
  if (name === 'AbortException') return cancelled(fileName);
  return new IngestError('corrupt', fileName, `This PDF is damaged or incomplete and could not be read (${message}).`);
}

export function cancelled(fileName: string): IngestError {
  return new IngestError('cancelled', fileName, 'Reading the PDF was cancelled.');
}

/** Cheap checks before pdf.js sees the bytes, so that the common mistakes get precise messages. */
export function checkBytes(data: Uint8Array, fileName: string): void {
  if (data.byteLength === 0) throw new IngestError('empty', fileName, 'The file is empty (0 bytes).');
  const head = new TextDecoder('latin1').decode(data.subarray(0, 1024));
  if (!head.includes('%PDF-')) {
    throw new IngestError('corrupt', fileName, 'This file is not a PDF (it does not start with a PDF header), or it is damaged.');
  }
}

export function noText(fileName: string, pages: number): IngestError {
  const which = pages === 1 ? 'Its only page has no text layer' : `None of its ${pages} pages has a text layer`;
  return new IngestError('no-text', fileName, `${which}: it looks like a scanned document (images only), and OCR is not supported.`);
}
