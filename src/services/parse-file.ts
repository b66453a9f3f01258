import type { ParsedDocument, Progress } from '../core/types';
import { IngestError } from '../core/errors';
import { detectKind, parseMarkdown, parseHtml, parsePlainText, unsupportedReason } from '../core/parse';
import { parseSpreadsheet } from '../adapters/spreadsheet';

export interface BinaryParsers {
  pdf(bytes: Uint8Array, name: string, options: ParseHooks & { onProgress: (p: Progress) => void; signal: AbortSignal }): Promise<ParsedDocument>;
  docx(bytes: Uint8Array, name: string): Promise<ParsedDocument>;
  /** PNG, JPEG or WebP read by OCR; absent where OCR is not available (Node). */
  image?(bytes: Uint8Array, name: string, options: { mime: string; onProgress: (p: Progress) => void; signal: AbortSignal }): Promise<ParsedDocument>;
}

export interface ParseHooks {
  /** Text read so far, a part at a time (pages of a PDF), before the whole file is parsed. */
  onPreview?: (text: string) => void;
}

const SUPPORTED = 'PDF, Word (.docx), Excel (.xlsx), CSV, HTML, Markdown, plain text or images of text (PNG, JPEG, WebP)';

/** Picks the parser by content and name; the same dispatch serves the worker and the eval CLI. */
export async function parseFile(
  parsers: BinaryParsers,
  bytes: Uint8Array,
  name: string,
  mime: string,
  onProgress: (p: Progress) => void,
  signal: AbortSignal,
  hooks: ParseHooks = {},
): Promise<ParsedDocument> {
  const head = bytes.subarray(0, 4096);
  const kind = detectKind(name, mime, head);
  if (!kind) throw new IngestError('unsupported', name, unsupportedReason(name, mime, head, SUPPORTED));
  onProgress({ stage: 'parsing', done: 0, total: 0 });
  switch (kind) {
    case 'pdf':
      return parsers.pdf(bytes, name, { onProgress, signal, onPreview: hooks.onPreview });
    case 'docx':
      return parsers.docx(bytes, name);
    case 'markdown':
      return parseMarkdown(bytes, name);
    case 'html':
      return parseHtml(bytes, name);
    case 'text':
      return parsePlainText(bytes, name);
    case 'spreadsheet':
      return parseSpreadsheet(bytes, name);
    case 'image':
      if (!parsers.image) throw new IngestError('unsupported', name, 'this is an image, and reading text from images (OCR) is not supported here; the browser app reads them.');
      return parsers.image(bytes, name, { mime, onProgress, signal });
  }
}
