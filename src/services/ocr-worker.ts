import type { OcrEngine, OcrResult } from '../core/ocr/engine';
import { RpcClient } from '../rpc/wrap';
import type { Port } from '../rpc/protocol';

/** An idle OCR worker is ended after this long: its engine holds some 100 MB. */
const IDLE_MS = 60_000;

/**
 * OCR in its own worker (src/workers/ocr.worker.ts), started on first use and ended when idle.
 * A cancel reaches the worker, which ends the recognition under way.
 */
export class OcrWorkerEngine implements OcrEngine {
  private worker?: Worker;
  private client?: RpcClient;
  private busy = 0;
  private idle?: ReturnType<typeof setTimeout>;

  async recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult> {
    const client = this.start();
    this.busy++;
    clearTimeout(this.idle);
    try {
      return await client.call<OcrResult>('recognize', [image], { signal, settleOnAbort: true });
    } finally {
      if (--this.busy === 0) this.idle = setTimeout(() => this.stop(), IDLE_MS);
    }
  }

  private start(): RpcClient {
    if (this.client) return this.client;
    const worker = new Worker(new URL('../workers/ocr.worker.ts', import.meta.url), { type: 'module', name: 'ocr' });
    const client = new RpcClient(worker as unknown as Port);
    worker.addEventListener('error', (e) => {
      client.failAll(new Error(`the OCR worker stopped (${e.message || 'it ran out of memory or crashed'})`));
      if (this.worker === worker) this.stop();
    });
    this.worker = worker;
    this.client = client;
    return client;
  }

  private stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.client = undefined;
  }
}
