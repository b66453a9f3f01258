import type { OcrEngine, OcrResult } from '../core/ocr';
import { failAll, wrap, type Remote } from '../rpc/wrap';
import { OCR_METHODS, type OcrApi } from '../rpc/apis/ocr';

/** An idle OCR worker is ended after this long: its engine holds some 100 MB. */
const IDLE_MS = 60_000;

/**
 * OCR in its own worker (src/workers/ocr.worker.ts), started on first use and ended when idle.
 * A cancel reaches the worker, which ends the recognition under way.
 */
export class OcrWorkerEngine implements OcrEngine {
  private worker?: Worker;
  private remote?: Remote<OcrApi>;
  private busy = 0;
  private idle?: ReturnType<typeof setTimeout>;

  async recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult> {
    const remote = this.start();
    this.busy++;
    clearTimeout(this.idle);
    try {
      return await remote.recognize(image, { signal, settleOnAbort: true });
    } finally {
      if (--this.busy === 0) this.idle = setTimeout(() => this.stop(), IDLE_MS);
    }
  }

  private start(): Remote<OcrApi> {
    if (this.remote) return this.remote;
    const worker = new Worker(new URL('../workers/ocr.worker.ts', import.meta.url), { type: 'module', name: 'ocr' });
    const remote = wrap<OcrApi>(worker, OCR_METHODS);
    worker.addEventListener('error', (e) => {
      failAll(remote, new Error(`the OCR worker stopped (${e.message || 'it ran out of memory or crashed'})`));
      if (this.worker === worker) this.stop();
    });
    this.worker = worker;
    this.remote = remote;
    return remote;
  }

  private stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.remote = undefined;
  }
}
