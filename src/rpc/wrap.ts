import { asPort, type Endpoint } from './protocol';
import { RpcClient, type RawCallOptions } from './rpc-client';
import type { Methods, Remote } from './types';

export type { CallOptions, Remote, Methods } from './types';

const clients = new WeakMap<object, RpcClient>();

/**
 * The calling side of `expose`: an object with T's methods, each sending a call over `endpoint`
 * and taking the call options (signal, onProgress, settleOnAbort, transfer) after its arguments.
 */
export function wrap<T>(endpoint: Endpoint, methods: Methods<T>): Remote<T> {
  const client = new RpcClient(asPort(endpoint));
  const remote: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, arity] of Object.entries(methods) as Array<[string, number]>) {
    remote[name] = (...args) => client.call(name, args.slice(0, arity), (args[arity] ?? {}) as RawCallOptions);
  }
  clients.set(remote, client);
  return remote as Remote<T>;
}

/** Fails every call of `remote` in flight, e.g. when its worker crashed (a dead worker never answers). */
export function failAll(remote: Remote<unknown>, error: Error): void {
  clients.get(remote as object)?.failAll(error);
}
