/** PDF reading for Node (tests, eval and benchmark scripts). */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import type { ParsedDocument } from '../../core/types';
import type { PdfSource } from '../../core/parse/pdf/source';
import { parsePdfSource } from '../../core/parse/pdf/parse';
import { extractPdf, type ReadPdfOptions } from './extract';

export type { ReadPdfOptions } from './extract';

// With the worker module on globalThis, pdf.js runs in this thread instead of spawning a worker.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfjsWorker;

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const resources = {
  cMapUrl: join(root, 'cmaps') + '/',
  standardFontDataUrl: join(root, 'standard_fonts') + '/',
};

export function readPdf(data: Uint8Array, fileName: string, options?: ReadPdfOptions): Promise<PdfSource> {
  return extractPdf(pdfjs, data, fileName, options, resources);
}

export async function parsePdf(data: Uint8Array, fileName: string, options?: ReadPdfOptions): Promise<ParsedDocument> {
  return parsePdfSource(await readPdf(data, fileName, options), fileName);
}
