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
  }) as Array<[string, SourceKind]>,
);

/** Kinds whose content is text: binary-looking bytes rule them out. */
const TEXT_KINDS = new Set<SourceKind>(['markdown', 'html', 'text']);

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
    return byName === 'docx' || includesAscii(firstBytes, 'word/') ? 'docx' : null;
  }
  if (isImage(firstBytes)) return 'image';
  if (byName === 'pdf' || byName === 'docx' || byName === 'image') return byName;
  if (looksBinary(firstBytes)) return null;
  if (byName && TEXT_KINDS.has(byName)) return byName;
  if (byName) return null;
  return looksLikeHtml(firstBytes) ? 'html' : null;
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
