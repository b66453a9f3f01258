/**
 * One file through Sieve's own ingest path as far as text (the checks of LibraryService.ingest
 * before parsing, parseFile's dispatch, the PDF adapter and clean-up), classified for check:pdfs.
 */
import { parseDocx } from '../../src/adapters/docx/parse-docx';
import { parsePdf } from '../../src/adapters/pdf/node';
import { IngestError, isIngestError } from '../../src/core/errors';
import { stripBidiControls } from '../../src/core/text';
import { parseFile } from '../../src/services/parse-file';
import { MAX_FILE_BYTES, describeBytes } from '../../src/services/limits';

export type CheckStatus = 'ok' | 'error' | 'timeout';

export interface CheckResult {
  file: string;
  status: CheckStatus;
  /** The error a user would see; for 'ok', the parser's warnings joined, or ''. */
  message: string;
  /** IngestError code for errors; absent when what was thrown was not an IngestError. */
  code?: string;
  /** True when the message is a raw runtime error rather than a cause in words (a defect). */
  raw?: boolean;
  pages: number;
  chars: number;
  ms: number;
}

/** Runtime errors that must never reach a user: they name the code's failure, not the file's. */
const RAW_ERROR =
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|InternalError)\b|Cannot read propert|Cannot set propert|undefined is not|null is not|is not a function|is not iterable|is not defined|Maximum call stack|Invalid array length|Invalid typed array length|out of memory|\(reading '|\[object Object\]/i;

export function isRawMessage(message: string): boolean {
  return RAW_ERROR.test(message);
}

/** Parses `bytes` as the library worker does and says what came of it. */
export async function checkPdf(bytes: Uint8Array, file: string): Promise<CheckResult> {
  const name = stripBidiControls(file.split(/[\\/]/).pop() ?? file) || 'unnamed';
  const mime = /\.pdf$/i.test(name) ? 'application/pdf' : '';
  const t0 = performance.now();
  const elapsed = () => Math.round(performance.now() - t0);
  try {
    if (bytes.byteLength === 0) throw new IngestError('empty', name, 'the file is empty (0 bytes).');
    if (bytes.byteLength > MAX_FILE_BYTES) {
      throw new IngestError('too-large', name, `the file is ${describeBytes(bytes.byteLength)}; Sieve reads files up to ${describeBytes(MAX_FILE_BYTES)}.`);
    }
    const parsed = await parseFile({ pdf: (b, n, o) => parsePdf(b, n, { signal: o.signal }), docx: parseDocx }, bytes, name, mime, () => {}, new AbortController().signal);
    if (parsed.text.trim().length === 0) throw new IngestError('empty', name, 'no text was found in it.');
    return { file, status: 'ok', message: parsed.warnings.join('; '), pages: parsed.pages.length, chars: parsed.text.length, ms: elapsed() };
  } catch (e) {
    const ms = elapsed();
    if (isIngestError(e)) return { file, status: 'error', message: e.message, code: e.code, raw: isRawMessage(e.message), pages: 0, chars: 0, ms };
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    return { file, status: 'error', message, raw: true, pages: 0, chars: 0, ms };
  }
}
