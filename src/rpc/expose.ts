import { Transfer, serializeError, type CallContext, type Port, type Request, type Response } from './protocol';

type Method = (...args: any[]) => unknown;

/** Serves an object's methods to the other side of `port`. Each method gets a CallContext last. */
export function expose(api: Record<string, Method>, port: Port): void {
  const running = new Map<number, AbortController>();
  const send = (r: Response) => port.postMessage(r);
  port.addEventListener('message', async (e: MessageEvent) => {
    const req = e.data as Request;
    if (req.kind === 'cancel') {
      running.get(req.id)?.abort(new DOMException('Cancelled', 'AbortError'));
      return;
    }
    if (req.kind !== 'call') return;
    const fn = api[req.method];
    if (typeof fn !== 'function') {
      send({ kind: 'error', id: req.id, error: { name: 'Error', message: `unknown method ${req.method}` } });
      return;
    }
    const controller = new AbortController();
    running.set(req.id, controller);
    const ctx: CallContext = { signal: controller.signal, progress: (value) => send({ kind: 'progress', id: req.id, value }) };
    try {
      const value = await fn.apply(api, [...req.args, ctx]);
      if (value instanceof Transfer) port.postMessage({ kind: 'result', id: req.id, value: value.value } satisfies Response, value.list);
      else send({ kind: 'result', id: req.id, value });
    } catch (err) {
      send({ kind: 'error', id: req.id, error: serializeError(err) });
    } finally {
      running.delete(req.id);
    }
  });
}
