/** PDF reading for Node (tests, eval and benchmark scripts). */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import type { ParsedDocument } from '../../core/types';
import { type PdfSource, parsePdfSourcePaced } from '../../core/parse';
import { pacer } from '../../core/yield';
import { extractPdf, type PdfJsThread, type ReadPdfOptions } from './extract';
import { isPdfjsException } from './errors';

export type { ReadPdfOptions } from './extract';

// With the worker module on globalThis, pdf.js runs in this thread instead of spawning a worker.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfjsWorker;

// pdf.js prefetches the top-level pages of a page tree and never awaits the prefetch of a page
// it does not reach; when that page is damaged, the rejection goes unhandled. In a browser that
// happens inside pdf.js's worker and is only logged; in this thread it would end the process
// (the eval CLI, check:pdfs) after the document itself was read or reported. Those rejections
// are ignored; any other unhandled rejection still ends the process as it would without this.
if (!(globalThis as { sievePdfjsRejections?: boolean }).sievePdfjsRejections) {
  (globalThis as { sievePdfjsRejections?: boolean }).sievePdfjsRejections = true;
  process.on('unhandledRejection', function ignorePdfjsStrays(reason) {
    if (isPdfjsException(reason)) return;
    // Alone, this listener would turn Node's default (crash) off: keep it.
    if (process.listeners('unhandledRejection').every((l) => l === ignorePdfjsStrays)) throw reason;
  });
}

const require = createRequire(import.meta.url);
const root = dirname(require.resolve('pdfjs-dist/package.json'));
const WORKER_URL = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href;

/**
 * pdf.js's worker in a worker thread, talking over a MessagePort, so that a page pdf.js is stuck
 * on can be abandoned by ending the thread. pdf.js runs no worker of its own in Node, so the
 * thread answers on the port itself. Rejections pdf.js leaves unhandled there (see above) would
 * end the thread: they are ignored, as the page or document they belong to reports its error.
 */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
process.on('unhandledRejection', () => {});
import(workerData.url).then(({ WorkerMessageHandler }) => {
  WorkerMessageHandler.initializeFromPort(workerData.port);
  workerData.port.start();
});
`;

function startWorkerThread(): PdfJsThread {
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { url: WORKER_URL, port: port2 }, transferList: [port2] });
  // A thread that fails to start leaves pdf.js waiting: the page's time limit ends it.
  thread.on('error', () => undefined);
  port1.start();
  return {
    port: port1,
    terminate: () => {
      port1.close();
      void thread.terminate();
    },
  };
}

const resources = {
  cMapUrl: join(root, 'cmaps') + '/',
  standardFontDataUrl: join(root, 'standard_fonts') + '/',
  startWorker: startWorkerThread,
};

export function readPdf(data: Uint8Array, fileName: string, options?: ReadPdfOptions): Promise<PdfSource> {
  return extractPdf(pdfjs, data, fileName, options, resources);
}

export async function parsePdf(data: Uint8Array, fileName: string, options?: ReadPdfOptions): Promise<ParsedDocument> {
  const pace = pacer();
  return parsePdfSourcePaced(await readPdf(data, fileName, options), fileName, () => pace(options?.signal));
}
