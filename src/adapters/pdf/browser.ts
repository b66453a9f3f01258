/**
 * PDF reading inside a module Web Worker bundled by Vite. pdf.js is loaded on first use; the
 * text is read by pdf.js's worker in a nested Web Worker of its own (src/workers/pdfjs.worker.ts,
 * bundled with the app: nothing is fetched from elsewhere), so that a page pdf.js is stuck on
 * can be abandoned and a Cancel is heard at once. Where nested workers are not available it
 * runs in the calling worker's thread, as the OCR page renderer does.
 */
import type { ParsedDocument } from '../../core/types';
import { type OcrEngine, pagesNeedingOcr, ocrScannedPages } from '../../core/ocr';
import { type PdfPage, type PdfSource, type PdfTextItem, parsePdfSourcePaced } from '../../core/parse';
import { pacer } from '../../core/yield';
import { extractPdf, type PdfJsModule, type PdfJsResources, type PdfJsThread, type ReadPdfOptions } from './extract';
import { FetchDataFactory } from './fetch-data';
import { openPageRenderer } from './render';
import { cancelled } from './errors';

export type { ReadPdfOptions, PdfJsResources } from './extract';

interface BrowserPdfOptions extends ReadPdfOptions {
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

/** pdf.js's worker in a nested Web Worker that `terminate` ends, even in the middle of a page. */
function startWorker(): PdfJsThread {
  const worker = new Worker(new URL('../../workers/pdfjs.worker.ts', import.meta.url), { type: 'module', name: 'pdfjs-text' });
  return { port: worker, terminate: () => worker.terminate() };
}

async function readPdf(data: Uint8Array, fileName: string, options: BrowserPdfOptions = {}): Promise<PdfSource> {
  const pdfjs = await loadPdfJs();
  return extractPdf(pdfjs, data, fileName, options, {
    ...options.resources,
    BinaryDataFactory: FetchDataFactory,
    ...(typeof Worker === 'function' ? { startWorker } : {}),
  });
}

export async function parsePdf(data: Uint8Array, fileName: string, options: BrowserPdfOptions = {}): Promise<ParsedDocument> {
  const source = await readPdf(data, fileName, { ...options, allowTextless: !!options.ocr });
  const pace = pacer();
  return parsePdfSourcePaced(options.ocr ? await ocrPdf(source, data, fileName, options.ocr, options) : source, fileName, () => pace(options.signal));
}

/** Renders the pages without a text layer and reads them by OCR, one at a time. */
async function ocrPdf(source: PdfSource, data: Uint8Array, fileName: string, engine: OcrEngine, options: BrowserPdfOptions): Promise<PdfSource> {
  // A page whose only text is annotations' (a comment or a stamp on a scan, a filled-in field)
  // is read by OCR too: its text is put back afterwards (see withAnnotations).
  const scans = { ...source, pages: source.pages.map((p) => (onlyAnnotations(p) ? { ...p, items: [] } : p)) };
  if (pagesNeedingOcr(scans.pages).length === 0) return source;
  const renderer = openPageRenderer(await loadPdfJs(), data, { ...options.resources, BinaryDataFactory: FetchDataFactory });
  try {
    return restoreAnnotations(await ocrScannedPages(scans, renderer.render, engine, { onProgress: options.onProgress, signal: options.signal }), source);
  } catch (error) {
    throw options.signal?.aborted ? cancelled(fileName) : error;
  } finally {
    void renderer.close();
  }
}

/** The pages OCR read (`read`), given back the annotation text they had before OCR (`before`). */
export function restoreAnnotations(read: PdfSource, before: PdfSource): PdfSource {
  return { ...read, pages: read.pages.map((page, i) => withAnnotations(page, before.pages[i])) };
}

/** A page whose only text is annotations' (OCR reads it too: it may be a scan with a comment on it). */
export function onlyAnnotations(page: PdfPage): boolean {
  return !page.error && !page.ocr && page.items.length > 0 && page.items.every((i) => i.annotation);
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * A page OCR read, given back the annotation text it had before: only the runs OCR did not
 * read as well (a field's value drawn by its appearance is in the pixels). Where OCR found
 * nothing readable (or did not reach the page), the page is as it was read, annotations only.
 */
function withAnnotations(read: PdfPage, before: PdfPage | undefined): PdfPage {
  if (!before || before.page !== read.page || !onlyAnnotations(before)) return read;
  if (!read.ocr || read.ocr.verdict === 'blank' || read.ocr.verdict === 'garbage' || read.items.length === 0) return before;
  const seen = squash(read.items.map((i) => i.text).join(''));
  const missing: PdfTextItem[] = before.items.filter((i) => !seen.includes(squash(i.text)));
  return missing.length > 0 ? { ...read, items: [...read.items, ...missing] } : read;
}
