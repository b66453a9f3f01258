/** Loading a PDF into pdf.js, in a thread of its own where one can be started. */
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfJsModule = Pick<typeof PdfJs, 'getDocument' | 'Util'> & Partial<Pick<typeof PdfJs, 'PDFWorker'>>;

/**
 * A pdf.js worker in a thread of its own: `port` is what pdf.js talks to (a Worker or a
 * MessagePort); `terminate` ends the thread at once, even in the middle of a page.
 */
export interface PdfJsThread {
  port: unknown;
  terminate(): void;
}

/** Where pdf.js may load its own data files from (local paths or same-origin URLs, never a CDN). */
export interface PdfJsResources {
  cMapUrl?: string;
  standardFontDataUrl?: string;
}

export interface PdfJsSetup extends PdfJsResources {
  /** Replaces pdf.js's loader for those files (see fetch-data.ts). */
  BinaryDataFactory?: unknown;
  /**
   * Starts pdf.js's worker in a thread of its own (browser: a nested Web Worker; Node: a worker
   * thread). Then a page that runs past its time limit, or a cancel, ends that thread instead of
   * waiting for pdf.js; without it (or when it throws), pdf.js runs in this thread.
   */
  startWorker?: () => PdfJsThread;
}

interface OpenedDocument {
  task: ReturnType<PdfJsModule['getDocument']>;
  /** The thread pdf.js runs in; null when it runs in this one. */
  thread: PdfJsThread | null;
  close(): void;
}

export function openDocument(pdfjs: PdfJsModule, data: Uint8Array, resources: PdfJsSetup): OpenedDocument {
  let thread: PdfJsThread | null = null;
  let worker: InstanceType<typeof PdfJs.PDFWorker> | null = null;
  if (resources.startWorker && pdfjs.PDFWorker) {
    try {
      thread = resources.startWorker();
      worker = new pdfjs.PDFWorker({ port: thread.port as never, verbosity: 0 });
    } catch {
      thread?.terminate();
      thread = worker = null;
    }
  }
  const task = pdfjs.getDocument({
    // pdf.js transfers the buffer it is given; copy it so the caller's bytes stay usable.
    data: data.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Only text is wanted: images are dropped instead of decoded when fonts are looked up.
    maxImageSize: 1,
    verbosity: 0,
    ...(worker ? { worker } : {}),
    ...(resources.cMapUrl ? { cMapUrl: resources.cMapUrl, cMapPacked: true } : {}),
    ...(resources.standardFontDataUrl ? { standardFontDataUrl: resources.standardFontDataUrl } : {}),
    ...(resources.BinaryDataFactory ? { BinaryDataFactory: resources.BinaryDataFactory } : {}),
  });
  let closed = false;
  return {
    task,
    thread,
    close() {
      if (closed) return;
      closed = true;
      // The thread first: a pdf.js that is stuck would never answer the destroy request.
      thread?.terminate();
      void task.destroy().catch(() => undefined);
      worker?.destroy();
    },
  };
}
