/**
 * A thin request/response protocol over postMessage. A call may stream progress events back
 * and may be cancelled; errors keep their name, code and file name across the boundary.
 */
export type Request = { kind: 'call'; id: number; method: string; args: unknown[] } | { kind: 'cancel'; id: number };

export type Response =
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  | { kind: 'progress'; id: number; value: unknown }
  /** Sent unasked by the serving side (see events.ts); no call is waiting for it. */
  | { kind: 'event'; name: string; value: unknown };

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  fileName?: string;
}

/**
 * What a method receives after its own arguments. An API interface declares it last, with the
 * type of its progress values (none: `CallContext`), and the calling side's options follow suit.
 */
export interface CallContext<P = never> {
  signal: AbortSignal;
  progress(value: P): void;
}

export interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
}

/** A Worker, a MessagePort, or a worker's own scope (`self`). */
export type Endpoint = Port | Worker | MessagePort | DedicatedWorkerGlobalScope;

/** The endpoint as a Port, started if it is a MessagePort (which delivers to listeners only once started). */
export function asPort(endpoint: Endpoint): Port {
  (endpoint as { start?: () => void }).start?.();
  return endpoint as Port;
}

export function serializeError(e: unknown): SerializedError {
  if (e instanceof Error) {
    const x = e as Error & { code?: string; fileName?: string };
    return { name: x.name, message: x.message, code: x.code, fileName: x.fileName };
  }
  return { name: 'Error', message: String(e) };
}

/** Rebuilt on the calling side so `isIngestError` and `.code` keep working. */
export class RemoteError extends Error {
  readonly code?: string;
  readonly fileName?: string;
  constructor(e: SerializedError) {
    super(e.message);
    this.name = e.name;
    this.code = e.code;
    this.fileName = e.fileName;
  }
}

/**
 * A result whose buffers move to the other side instead of being copied (they become unusable
 * here): `return transfer(bytes, [bytes.buffer])`.
 */
export class Transfer<T = unknown> {
  constructor(
    readonly value: T,
    readonly list: Transferable[],
  ) {}
}

export function transfer<T>(value: T, list: Transferable[]): T {
  return new Transfer(value, list) as unknown as T;
}
