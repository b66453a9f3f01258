import { Transfer, asPort, serializeError, type CallContext, type Endpoint, type Request, type Response } from './protocol';
import type { Methods } from './types';

type Method = (...args: unknown[]) => unknown;

/**
 * Serves `impl`'s methods to the other side of `endpoint` (see `wrap`). Each method gets its
 * arguments, then a CallContext (cancel signal, progress).
 */
export function expose<T>(impl: T, endpoint: Endpoint, methods: Methods<T>): void {
  const port = asPort(endpoint);
  const arity = methods as Record<string, number>;
  const running = new Map<number, AbortController>();
  const send = (r: Response) => port.postMessage(r);
  port.addEventListener('message', async (e: MessageEvent) => {
    const req = e.data as Request;
    if (req?.kind === 'cancel') {
      running.get(req.id)?.abort(new DOMException('Cancelled', 'AbortError'));
      return;
    }
    if (req?.kind !== 'call') return;
    const fn = (impl as Record<string, Method>)[req.method];
    if (!Object.hasOwn(arity, req.method) || typeof fn !== 'function') {
      send({ kind: 'error', id: req.id, error: { name: 'Error', message: `unknown method ${req.method}` } });
      return;
    }
    const controller = new AbortController();
    running.set(req.id, controller);
    const ctx: CallContext<unknown> = { signal: controller.signal, progress: (value) => send({ kind: 'progress', id: req.id, value }) };
    // The context goes after the method's own arguments, missing ones included.
    const args = Array.from({ length: arity[req.method] }, (_, i) => req.args[i]);
    try {
      const value = await fn.apply(impl, [...args, ctx]);
      if (value instanceof Transfer) port.postMessage({ kind: 'result', id: req.id, value: value.value } satisfies Response, value.list);
      else send({ kind: 'result', id: req.id, value });
    } catch (err) {
      send({ kind: 'error', id: req.id, error: serializeError(err) });
    } finally {
      running.delete(req.id);
    }
  });
}
