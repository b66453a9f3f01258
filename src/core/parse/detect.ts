import type { SourceKind } from '../types';

const EXTENSIONS = new Map<string, SourceKind>(
  Object.entries({
    pdf: 'pdf',
    docx: 'docx',
    md: 'markdown',
    markdown: 'markdown',
    mdown: 'markdown',
    mkd: 'markdown',
    html: 'html',
    htm: 'html',
    xhtml: 'html',
    txt: 'text',
    text: 'text',
    png: 'image',
    jpg: 'image',
    jpeg: 'image',
    webp: 'image',
    xlsx: 'spreadsheet',
    csv: 'spreadsheet',
    tsv: 'spreadsheet',
  }) as Array<[string, SourceKind]>,
);

const MIME_TYPES = new Map<string, SourceKind>(
  Object.entries({
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'text/markdown': 'markdown',
    'text/x-markdown': 'markdown',
    'text/html': 'html',
    'application/xhtml+xml': 'html',
    'text/plain': 'text',
    'image/png': 'image',
    'image/jpeg': 'image',
    'image/webp': 'image',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
    'text/csv': 'spreadsheet',
    'text/tab-separated-values': 'spreadsheet',
  }) as Array<[string, SourceKind]>,
);

/** Kinds whose content is text: binary-looking bytes rule them out. */
const TEXT_KINDS = new Set<SourceKind>(['markdown', 'html', 'text', 'spreadsheet']);

/**
 * What kind of document a file is, from its first bytes (at least 8; a few KB is better),
 * its extension and its MIME type, in that order of trust. null: not a supported kind.
 * A file named .pdf, .docx or as an image whose bytes do not match still counts as that kind,
 * so that its parser can report it as damaged rather than as unsupported.
 */
export function detectKind(fileName: string, mime: string, firstBytes: Uint8Array): SourceKind | null {
  const byName = EXTENSIONS.get(extension(fileName)) ?? MIME_TYPES.get(mime.split(';')[0].trim().toLowerCase());
  if (startsWithPdf(firstBytes)) return 'pdf';
  if (startsWith(firstBytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (byName === 'docx' || includesAscii(firstBytes, 'word/')) return 'docx';
    return byName === 'spreadsheet' || includesAscii(firstBytes, 'xl/') ? 'spreadsheet' : null;
  }
  if (isImage(firstBytes)) return 'image';
  if (byName === 'pdf' || byName === 'docx' || byName === 'image') return byName;
  // A workbook whose bytes are not a ZIP (an encrypted or old-format one) is still one, so its reader says which.
  if (byName === 'spreadsheet' && extension(fileName) === 'xlsx') return byName;
  if (looksBinary(firstBytes)) return null;
  if (byName && TEXT_KINDS.has(byName)) return byName;
  if (byName) return null;
  return looksLikeHtml(firstBytes) ? 'html' : null;
}

/** What a supported kind is called in a message ("not a PDF"). */
const KIND_NAMES: Record<SourceKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  markdown: 'text',
  html: 'HTML',
  text: 'text',
  image: 'an image',
  spreadsheet: 'a spreadsheet',
};

/** File signatures worth naming when a file is not what its name says. */
const SIGNATURES: Array<[number[], string, string?]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive'],
  [[0x50, 0x4b, 0x05, 0x06], 'an empty zip archive'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'a 7-Zip archive'],
  [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], 'a RAR archive'],
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'an old-style Office file (.doc, .xls or .ppt)', 'Save it as .docx or PDF first.'],
  [[0x7b, 0x5c, 0x72, 0x74, 0x66], 'a Rich Text (RTF) file', 'Save it as .docx, PDF or plain text first.'],
  [[0x4d, 0x5a], 'a Windows program'],
  [[0x7f, 0x45, 0x4c, 0x46], 'a Linux program'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image', 'Save it as PNG or JPEG first.'],
  [[0x49, 0x49, 0x2a, 0x00], 'a TIFF image', 'Save it as PNG or JPEG first.'],
  [[0x4d, 0x4d, 0x00, 0x2a], 'a TIFF image', 'Save it as PNG or JPEG first.'],
  [[0x49, 0x44, 0x33], 'an MP3 audio file'],
  [[0x00, 0x61, 0x73, 0x6d], 'a WebAssembly module'],
];

/** What the first bytes show a file to be, in words: "a zip archive", "binary data", "text". */
export function describeBytes(firstBytes: Uint8Array): string {
  if (firstBytes.length === 0) return 'empty';
  if (startsWithPdf(firstBytes)) return 'a PDF';
  if (isImage(firstBytes)) return 'an image';
  const known = SIGNATURES.find(([magic]) => startsWith(firstBytes, magic));
  if (known) return known[1];
  if (includesAscii(firstBytes.subarray(4, 12), 'ftyp')) return 'a video or audio file (MP4)';
  return looksBinary(firstBytes) ? 'binary data' : 'text';
}

/**
 * Why a file cannot be read, for detectKind's null: what its name or type claims and what its
 * bytes are ("not a PDF: it is a zip archive", "not text: it holds binary data"), else that
 * the type is not one Sieve reads.
 */
export function unsupportedReason(fileName: string, mime: string, firstBytes: Uint8Array, supported: string): string {
  const claimed = EXTENSIONS.get(extension(fileName)) ?? MIME_TYPES.get(mime.split(';')[0].trim().toLowerCase());
  const actual = describeBytes(firstBytes);
  const hint = SIGNATURES.find(([magic]) => startsWith(firstBytes, magic))?.[2];
  const fix = hint ? ` ${hint}` : '';
  if (claimed && actual !== KIND_NAMES[claimed]) {
    const what = actual === 'binary data' ? 'it holds binary data' : `it is ${actual}`;
    return `this file is not ${KIND_NAMES[claimed]}: ${what}.${fix} Sieve reads ${supported}.`;
  }
  if (actual !== 'binary data' && actual !== 'text') return `this file is ${actual}, which Sieve does not read.${fix} Sieve reads ${supported}.`;
  return `this type of file is not supported${mime ? ` (${mime})` : ''}; Sieve reads ${supported}.`;
}

function extension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** "%PDF-" may follow some junk; readers accept it within the first 1024 bytes. */
function startsWithPdf(bytes: Uint8Array): boolean {
  return includesAscii(bytes.subarray(0, 1024), '%PDF-');
}

/** PNG, JPEG or WebP signatures: the image formats OCR reads. */
function isImage(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && includesAscii(bytes.subarray(8, 12), 'WEBP'))
  );
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function includesAscii(bytes: Uint8Array, needle: string): boolean {
  const first = needle.charCodeAt(0);
  outer: for (let i = bytes.indexOf(first); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/** NUL bytes (outside UTF-16 text) or known binary signatures mean the file is not text. */
function looksBinary(bytes: Uint8Array): boolean {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) return false;
  return bytes.subarray(0, 4096).includes(0);
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}
