import { IngestError, isIngestError } from '../../core/errors';
import { describeBytes } from '../../core/parse';

/** pdf.js's errors about an encryption dictionary it cannot use (FormatErrors from its CipherTransformFactory). */
const ENCRYPTION_ERROR = /encryption|crypt filter|crypto method|invalid key length/i;

/**
 * Translates whatever pdf.js threw into an IngestError a user can act on. Only pdf.js's
 * PasswordException means the PDF needs a password; any other failure of an encrypted PDF
 * (`encrypted`: the file has an /Encrypt dictionary, see hasEncryptDictionary) means it is
 * damaged or uses an encryption pdf.js cannot read, and asking for a password would mislead.
 */
export function toIngestError(error: unknown, fileName: string, options: { encrypted?: boolean } = {}): IngestError {
  if (isIngestError(error)) return error as IngestError;
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === 'PasswordException') {
    return new IngestError('encrypted', fileName, 'This PDF is password-protected. Remove the password (e.g. print it to a new PDF) and add it again.');
  }
  if (name === 'AbortException') return cancelled(fileName);
  const cause = describeCause(name, message);
  if (options.encrypted || ENCRYPTION_ERROR.test(message)) {
    return new IngestError(
      'encrypted',
      fileName,
      `This PDF is encrypted, and it is damaged or uses an encryption Sieve cannot read (${cause}). Save an unencrypted copy and add that.`,
    );
  }
  return new IngestError('corrupt', fileName, `This PDF is damaged or incomplete and could not be read (${cause}).`);
}

/** JavaScript's own errors: thrown when malformed data trips up code, they say nothing a user can act on. */
const RUNTIME_ERROR_NAMES = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError', 'InternalError', 'EvalError', 'URIError']);
const RUNTIME_ERROR_TEXT =
  /Maximum call stack|too much recursion|Cannot read propert|Cannot set propert|is not a function|is not iterable|is not defined|undefined is not|null is not|Invalid array length|Invalid typed array length|out of memory|Array buffer allocation failed/i;

/** pdf.js's own message when it names the cause; a sentence of ours when what failed was the JavaScript underneath. */
function describeCause(name: string, message: string): string {
  if (/Maximum call stack|too much recursion/i.test(message)) return 'its objects are nested too deeply to be read';
  if (/Invalid (typed )?array length|out of memory|allocation failed/i.test(message)) return 'it declares more data than can be held in memory';
  if (RUNTIME_ERROR_NAMES.has(name) || RUNTIME_ERROR_TEXT.test(message)) return 'its internal structure is malformed';
  return message.trim() || 'no reason given';
}

/** The names pdf.js gives its exception classes (BaseException subclasses in its worker and API). */
const PDFJS_EXCEPTIONS = new Set([
  'FormatError',
  'UnknownErrorException',
  'InvalidPDFException',
  'PasswordException',
  'AbortException',
  'ResponseException',
  'RenderingCancelledException',
  'XRefEntryException',
  'XRefParseException',
  'MissingDataException',
  'ParserEOFException',
  'Jbig2Error',
  'JpegError',
  'JpxError',
  'DNLMarkerError',
  'EOIMarkerError',
]);

/** Whether `reason` is one of pdf.js's exceptions (as opposed to a failure of the code that called it). */
export function isPdfjsException(reason: unknown): boolean {
  const name = (reason as { name?: unknown } | null)?.name;
  return typeof name === 'string' && PDFJS_EXCEPTIONS.has(name);
}

const ENCRYPT_KEY = [...'/Encrypt'].map((c) => c.charCodeAt(0));

/** Whether the bytes hold an /Encrypt entry (a trailer or cross-reference stream naming an encryption dictionary). */
export function hasEncryptDictionary(data: Uint8Array): boolean {
  for (let i = data.indexOf(0x2f); i >= 0 && i + ENCRYPT_KEY.length <= data.length; i = data.indexOf(0x2f, i + 1)) {
    let k = 1;
    while (k < ENCRYPT_KEY.length && data[i + k] === ENCRYPT_KEY[k]) k++;
    if (k === ENCRYPT_KEY.length && !isRegularChar(data[i + k])) return true;
  }
  return false;
}

export function cancelled(fileName: string): IngestError {
  return new IngestError('cancelled', fileName, 'Reading the PDF was cancelled.');
}

/** Cheap checks before pdf.js sees the bytes, so that the common mistakes get precise messages. */
export function checkBytes(data: Uint8Array, fileName: string): void {
  if (data.byteLength === 0) throw new IngestError('empty', fileName, 'The file is empty (0 bytes).');
  const head = new TextDecoder('latin1').decode(data.subarray(0, 1024));
  if (!head.includes('%PDF-')) {
    const actual = describeBytes(data.subarray(0, 4096));
    const known = actual !== 'binary data';
    throw new IngestError(
      'corrupt',
      fileName,
      known ? `This file is not a PDF: it is ${actual}.` : 'This file is not a PDF (it does not start with a PDF header), or it is damaged.',
    );
  }
}

export function noText(fileName: string, pages: number): IngestError {
  // A page tree that lists no readable page (a negative or missing /Count) is damage, not a scan.
  if (pages < 1) return new IngestError('corrupt', fileName, 'This PDF is damaged: it lists no pages that can be read.');
  const which = pages === 1 ? 'Its only page has no text layer' : `None of its ${pages} pages has a text layer`;
  return new IngestError('no-text', fileName, `${which}: it looks like a scanned document (images only), and OCR is not supported.`);
}

/** A byte that continues a PDF name (not whitespace, not a delimiter, not the end of the data). */
function isRegularChar(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return !(byte <= 0x20 || '()<>[]{}/%'.includes(String.fromCharCode(byte)));
}
