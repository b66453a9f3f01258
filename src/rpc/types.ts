import type { CallContext } from './protocol';

/**
 * The types that turn one API interface into both sides of a connection. An API method lists
 * its arguments, then (optionally) `ctx: CallContext<P>` where P is its progress value:
 *
 *   ingest(file: IncomingFile, ctx: CallContext<IngestEvent>): Promise<IngestResult>;
 *
 * The worker implements it as written; the page calls `remote.ingest(file, { signal, onProgress })`.
 */

interface BaseCallOptions {
  signal?: AbortSignal;
  /**
   * On abort, reject at once instead of waiting for the other side to stop (a question can
   * be dropped; an ingest must report whether it committed, so it waits).
   */
  settleOnAbort?: boolean;
  /** Buffers (or ports) among the arguments to move to the other side rather than copy. */
  transfer?: Transferable[];
}

/** The typed last argument of a remote call; onProgress only where the method reports progress. */
export type CallOptions<P = never> = [P] extends [never] ? BaseCallOptions : BaseCallOptions & { onProgress?: (value: P) => void };

/** A method's own arguments: those before its CallContext. */
export type DataArgs<A extends unknown[]> = A extends [...infer D, CallContext<never>] ? D : A;

/** The type of a method's progress values (never when it reports none). */
export type ProgressOf<A extends unknown[]> = A extends [...unknown[], CallContext<infer P>] ? P : never;

type RemoteMethod<F> = F extends (...a: infer A) => infer R ? (...args: [...DataArgs<A>, options?: CallOptions<ProgressOf<A>>]) => Promise<Awaited<R>> : never;

/** The calling side of an API: every method is asynchronous and takes CallOptions last. */
export type Remote<T> = { [K in keyof T]: RemoteMethod<T[K]> };

type Arity<F> = F extends (...a: infer A) => unknown ? Required<DataArgs<A>>['length'] : never;

/**
 * An API's method names with the count of their own arguments: what both sides need at run time
 * to tell the arguments from the call options (and where to put the CallContext). Checked
 * against the interface, so a missing, extra or miscounted method does not compile.
 */
export type Methods<T> = { readonly [K in keyof T]-?: Arity<T[K]> };
