/**
 * OCR with tesseract.js (LSTM engine, English). Its worker script, WASM core and language
 * data come from the app's own origin (/vendor/, see vite/vendor-assets.ts), never from a CDN, and
 * the language data is not copied into another IndexedDB cache (the HTTP cache has it).
 */
import type Tesseract from 'tesseract.js';
import TesseractJs from 'tesseract.js/dist/tesseract.esm.min.js';
import type { OcrEngine, OcrLine, OcrResult } from '../../core/ocr';
import { orAbort } from '../../core/abort';

interface TesseractPaths {
  /** tesseract.js's worker script. */
  workerPath: string;
  /** Folder with the tesseract-core*-lstm.wasm.js builds (the SIMD variants are chosen by feature). */
  corePath: string;
  /** Folder with eng.traineddata.gz. */
  langPath: string;
}

const VENDOR_TESSERACT: TesseractPaths = {
  workerPath: '/vendor/tesseract/worker.min.js',
  corePath: '/vendor/tesseract-core/',
  langPath: '/vendor/tesseract-lang',
};

/** One tesseract.js worker, started on first use; a cancel ends it (a recognition cannot be interrupted otherwise). */
export class TesseractOcr implements OcrEngine {
  private worker: Promise<Tesseract.Worker> | null = null;

  constructor(private readonly paths: TesseractPaths = VENDOR_TESSERACT) {}

  async recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult> {
    signal?.throwIfAborted();
    const started = this.start();
    const stop = () => void this.dispose();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const worker = await orAbort(started, signal);
      const { data } = await orAbort(worker.recognize(image as unknown as Tesseract.ImageLike, {}, { text: false, blocks: true }), signal);
      return { lines: linesOf(data) };
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.then((w) => w.terminate()).catch(() => undefined);
  }

  private start(): Promise<Tesseract.Worker> {
    if (!this.worker) {
      const started = TesseractJs.createWorker('eng', TesseractJs.OEM.LSTM_ONLY, {
        ...this.paths,
        workerBlobURL: false,
        gzip: true,
        cacheMethod: 'none',
      }).then(
        async (w) => {
          // Sparse pages (a form, a receipt) read better with automatic page segmentation.
          await w.setParameters({ tessedit_pageseg_mode: TesseractJs.PSM.AUTO });
          return w;
        },
        async (e: unknown) => {
          // Its files (about 7 MB) are downloaded on first use and then kept by the service worker:
          // where its script cannot be fetched at all, the page is offline and has never used OCR.
          if (globalThis.navigator?.onLine === false || !(await reachable(this.paths.workerPath))) throw new Error(OCR_OFFLINE);
          // tesseract.js rejects with a bare message, undefined when its worker script did not load.
          throw new Error(`the OCR engine could not start (${(e instanceof Error ? e.message : e) || 'its worker script did not load'})`);
        },
      );
      this.worker = started;
      // A failed start is not kept: the next page tries again.
      started.catch(() => {
        if (this.worker === started) this.worker = null;
      });
    }
    return this.worker;
  }
}

/** Whether a URL can be fetched now (from the network or the service worker's cache). */
async function reachable(url: string): Promise<boolean> {
  try {
    // GET, not HEAD: the service worker answers GETs from its cache.
    const r = await fetch(url);
    void r.body?.cancel();
    return r.ok;
  } catch {
    return false;
  }
}

/** Why OCR cannot start offline before its first use online. */
export const OCR_OFFLINE =
  'reading text from images (OCR) needs its engine, which is downloaded the first time it is used (about 7 MB), and this page is offline. Connect once and add an image or a scanned PDF; after that OCR works offline too.';

function linesOf(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(/\s+/g, ' ').trim();
        if (!text) continue;
        const { x0, y0, x1, y1 } = line.bbox;
        lines.push({ text, confidence: line.confidence, x0, y0, x1, y1, baseline: baselineAt(line, x0) });
      }
    }
  }
  return lines;
}

/** The baseline's height at x (tesseract gives it as a segment, slightly sloped on a skewed scan). */
function baselineAt(line: Tesseract.Line, x: number): number {
  const b = line.baseline;
  if (!b || b.x1 === b.x0) return b?.y0 ?? line.bbox.y1;
  return b.y0 + ((x - b.x0) * (b.y1 - b.y0)) / (b.x1 - b.x0);
}
