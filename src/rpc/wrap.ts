import { RemoteError, type Port, type Request, type Response } from './protocol';

export interface CallOptions<P = unknown> {
  signal?: AbortSignal;
  onProgress?: (value: P) => void;
  /**
   * On abort, reject at once instead of waiting for the other side to stop (a question can
   * be dropped; an ingest must report whether it committed, so it waits).
   */
  settleOnAbort?: boolean;
  /** Buffers among the arguments to move to the other side rather than copy. */
  transfer?: Transferable[];
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  onProgress?: (v: unknown) => void;
}

/** The calling side of `expose`: `call('method', [args], { signal, onProgress })`. */
export class RpcClient {
  private nextId = 1;
  private pending = new Map<number, Pending>();

  constructor(private readonly port: Port) {
    port.addEventListener('message', (e: MessageEvent) => this.receive(e.data as Response));
  }

  call<T>(method: string, args: unknown[] = [], options: CallOptions<any> = {}): Promise<T> {
    const id = this.nextId++;
    const { signal } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('Cancelled', 'AbortError'));
      const onAbort = () => {
        this.post({ kind: 'cancel', id });
        if (options.settleOnAbort && this.pending.delete(id)) reject(new DOMException('Cancelled', 'AbortError'));
      };
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (v) => (done(), resolve(v as T)),
        reject: (e) => (done(), reject(e)),
        onProgress: options.onProgress,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.post({ kind: 'call', id, method, args }, options.transfer);
    });
  }

  /** Fails every call in flight, e.g. when the worker crashed. */
  failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private post(r: Request, transfer?: Transferable[]) {
    if (transfer?.length) this.port.postMessage(r, transfer);
    else this.port.postMessage(r);
  }

  private receive(r: Response) {
    const p = this.pending.get(r.id);
    if (!p) return;
    if (r.kind === 'progress') return p.onProgress?.(r.value);
    this.pending.delete(r.id);
    if (r.kind === 'result') p.resolve(r.value);
    else p.reject(new RemoteError(r.error));
  }
}
