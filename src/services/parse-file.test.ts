import { describe, expect, it } from 'vitest';
import { parseFile, type BinaryParsers } from './parse-file';
import type { ParsedDocument } from '../core/types';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const none = () => Promise.reject(new Error('not this parser'));
const doc: ParsedDocument = { kind: 'image', title: 'scan', text: 'Read by OCR.', pages: [{ page: 1, start: 0, end: 12, ocr: { confidence: 90 } }], sections: [], warnings: [] };

describe('parseFile for images', () => {
  it('hands an image to the OCR parser with its type, progress and signal', async () => {
    const seen: unknown[] = [];
    const parsers: BinaryParsers = { pdf: none, docx: none, image: async (bytes, name, options) => (seen.push([bytes.length, name, options.mime]), doc) };
    const signal = new AbortController().signal;
    expect(await parseFile(parsers, PNG, 'scan.png', 'image/png', () => {}, signal)).toBe(doc);
    expect(seen).toEqual([[PNG.length, 'scan.png', 'image/png']]);
  });

  it('refuses an image where OCR is not available (Node), saying why', async () => {
    const error = await parseFile({ pdf: none, docx: none }, PNG, 'scan.png', 'image/png', () => {}, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unsupported' });
    expect((error as Error).message).toMatch(/^scan\.png: .*image.*OCR.*not supported here/);
  });
});
