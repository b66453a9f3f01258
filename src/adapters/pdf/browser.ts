/**
 * PDF reading inside a module Web Worker bundled by Vite. pdf.js is loaded on first use and
 * runs in the calling worker's thread (no nested worker, nothing fetched from elsewhere).
 */
import type { ParsedDocument } from '../../core/types';
import type { OcrEngine } from '../../core/ocr/engine';
import { pagesNeedingOcr } from '../../core/ocr/plan';
import { ocrScannedPages } from '../../core/ocr/pages';
import type { PdfSource } from '../../core/parse/pdf/source';
import { parsePdfSourcePaced } from '../../core/parse/pdf/parse';
import { pacer } from '../../core/yield';
import { extractPdf, type PdfJsModule, type PdfJsResources, type ReadPdfOptions } from './extract';
import { FetchDataFactory } from './fetch-data';
import { openPageRenderer } from './render';
import { cancelled } from './errors';

export type { ReadPdfOptions, PdfJsResources } from './extract';

export interface BrowserPdfOptions extends ReadPdfOptions {
  /**
   * Same-origin base URLs (ending in "/") of pdf.js's `cmaps/` and `standard_fonts/` folders.
   * Optional: without CMaps, text in some CJK fonts that rely on external CMaps is lost.
   */
  resources?: PdfJsResources;
  /** Reads pages without a text layer by OCR (progress stage 'ocr'); without it they stay empty. */
  ocr?: OcrEngine;
}

let loading: Promise<PdfJsModule> | null = null;

function loadPdfJs(): Promise<PdfJsModule> {
  loading ??= Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), importWorkerModule()]).then(([pdfjs, worker]) => {
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
    return pdfjs;
  });
  return loading;
}

type PostMessage = (message: unknown, ...rest: unknown[]) => void;

/**
 * Evaluated inside any Web Worker, pdf.js's worker module takes the worker for its own and
 * posts a {sourceName: 'worker', action: 'ready'} message to the page. That one message is
 * held back here so the page only ever hears from our own worker code; the listener pdf.js
 * adds ignores every message not addressed to it.
 */
async function importWorkerModule(): Promise<unknown> {
  const scope = globalThis as unknown as { postMessage?: PostMessage };
  const original = scope.postMessage;
  if (typeof original !== 'function' || typeof (globalThis as { window?: unknown }).window !== 'undefined') {
    return import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  }
  const own = Object.prototype.hasOwnProperty.call(scope, 'postMessage');
  scope.postMessage = (message: unknown, ...rest: unknown[]) => {
    const m = message as { sourceName?: unknown; action?: unknown } | null;
    if (m?.sourceName === 'worker' && m.action === 'ready') return;
    original.call(globalThis, message, ...rest);
  };
  try {
    return await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  } finally {
    if (own) scope.postMessage = original;
    else delete scope.postMessage;
  }
}

export async function readPdf(data: Uint8Array, fileName: string, options: BrowserPdfOptions = {}): Promise<PdfSource> {
  const pdfjs = await loadPdfJs();
  return extractPdf(pdfjs, data, fileName, options, { ...options.resources, BinaryDataFactory: FetchDataFactory });
}

export async function parsePdf(data: Uint8Array, fileName: string, options: BrowserPdfOptions = {}): Promise<ParsedDocument> {
  const source = await readPdf(data, fileName, { ...options, allowTextless: !!options.ocr });
  const pace = pacer();
  return parsePdfSourcePaced(options.ocr ? await ocrPdf(source, data, fileName, options.ocr, options) : source, fileName, () => pace(options.signal));
}

/** Renders the pages without a text layer and reads them by OCR, one at a time. */
async function ocrPdf(source: PdfSource, data: Uint8Array, fileName: string, engine: OcrEngine, options: BrowserPdfOptions): Promise<PdfSource> {
  if (pagesNeedingOcr(source.pages).length === 0) return source;
  const renderer = openPageRenderer(await loadPdfJs(), data, { ...options.resources, BinaryDataFactory: FetchDataFactory });
  try {
    return await ocrScannedPages(source, renderer.render, engine, { onProgress: options.onProgress, signal: options.signal });
  } catch (error) {
    throw options.signal?.aborted ? cancelled(fileName) : error;
  } finally {
    void renderer.close();
  }
}
