import { IngestError } from '../errors';
import { isBlank, normalizeNewlines } from '../text';
import { decodeWindows1252, WINDOWS_1252_LABELS } from './windows-1252';

/** What the text parsers accept: already-decoded text or the file's bytes. */
export type TextInput = string | ArrayBuffer | Uint8Array;

export function toBytes(input: ArrayBuffer | Uint8Array): Uint8Array {
  return input instanceof Uint8Array ? input : new Uint8Array(input);
}

/** Throws IngestError('empty') for a 0-byte file. Every parser calls this (or readSource) first. */
export function assertHasBytes(input: TextInput, fileName: string): void {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size === 0) throw new IngestError('empty', fileName, 'the file is empty (0 bytes), so there is nothing to add.');
}

/** Throws IngestError('empty') when decoded text holds nothing but blank space. */
export function assertHasText(text: string, fileName: string, what = 'the file contains only blank space'): void {
  if (isBlank(text)) throw new IngestError('empty', fileName, `${what}, so there is nothing to add.`);
}

/** Decoded, newline-normalised text of a text-format file; throws IngestError('empty') if there is none. */
export function readSource(input: TextInput, fileName: string, declaredCharset?: string): string {
  assertHasBytes(input, fileName);
  const text = normalizeNewlines(typeof input === 'string' ? stripBom(input) : decodeBytes(toBytes(input), declaredCharset));
  assertHasText(text, fileName);
  return text;
}

/**
 * Bytes to text: a BOM decides; else strict UTF-8; else the declared charset; else
 * windows-1252, which accepts any byte and is what legacy Western text files are.
 */
export function decodeBytes(bytes: Uint8Array, declaredCharset?: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // not UTF-8: fall through to a legacy single-byte encoding
  }
  const declared = declaredCharset?.trim().toLowerCase();
  if (declared && !WINDOWS_1252_LABELS.has(declared)) {
    try {
      return decode(declared, bytes);
    } catch {
      // unknown label: ignore it
    }
  }
  return decodeWindows1252(bytes);
}

function decode(label: string, bytes: Uint8Array): string {
  return new TextDecoder(label).decode(bytes);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** "Annual Report.final.md" → "Annual Report.final"; path prefixes are dropped. */
export function fileStem(fileName: string): string {
  // A browser's file name has no folder; "\\" is an ordinary character of it (on Linux and macOS).
  const base = fileName.split('/').pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim() || base;
}
