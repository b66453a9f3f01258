import { RemoteError, type Port, type Request, type Response } from './protocol';

export interface CallOptions<P = unknown> {
  signal?: AbortSignal;
  onProgress?: (value: P) => void;
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
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) return reject(new DOMException('Cancelled', 'AbortError'));
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress: options.onProgress });
      options.signal?.addEventListener('abort', () => this.post({ kind: 'cancel', id }), { once: true });
      this.post({ kind: 'call', id, method, args });
    });
  }

  /** Fails every call in flight, e.g. when the worker crashed. */
  failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  private post(r: Request) {
    this.port.postMessage(r);
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
