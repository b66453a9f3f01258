import { RemoteError, type Port, type Request, type Response } from './protocol';

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  onProgress?: (v: unknown) => void;
}

export interface RawCallOptions {
  signal?: AbortSignal;
  onProgress?: (value: never) => void;
  settleOnAbort?: boolean;
  transfer?: Transferable[];
}

// Unique across the page, so two clients sharing one port never take each other's answers.
let nextId = 1;

/** The untyped calling side of `expose`, used by `wrap`: `call('method', [args], options)`. */
export class RpcClient {
  private pending = new Map<number, Pending>();

  constructor(private readonly port: Port) {
    port.addEventListener('message', (e: MessageEvent) => this.receive(e.data as Response));
  }

  call(method: string, args: unknown[], options: RawCallOptions = {}): Promise<unknown> {
    const id = nextId++;
    const { signal } = options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('Cancelled', 'AbortError'));
      const onAbort = () => {
        this.post({ kind: 'cancel', id });
        if (options.settleOnAbort && this.pending.delete(id)) reject(new DOMException('Cancelled', 'AbortError'));
      };
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
        onProgress: options.onProgress as Pending['onProgress'],
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
    if (r?.kind === 'event') return;
    const p = this.pending.get(r?.id);
    if (!p) return;
    if (r.kind === 'progress') return p.onProgress?.(r.value);
    this.pending.delete(r.id);
    if (r.kind === 'result') p.resolve(r.value);
    else p.reject(new RemoteError(r.error));
  }
}
