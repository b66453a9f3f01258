import { asPort, type Endpoint, type Response } from './protocol';

/**
 * Typed events: what a worker tells the page unasked (E maps each event's name to its value),
 * on the same port as its calls.
 */
export type Emit<E> = <K extends keyof E & string>(name: K, ...value: undefined extends E[K] ? [value?: E[K]] : [value: E[K]]) => void;

export type Handlers<E> = { [K in keyof E]?: (value: E[K]) => void };

/** The serving side: `emit('notice', text)`. */
export function emitter<E>(endpoint: Endpoint): Emit<E> {
  const port = asPort(endpoint);
  return (name, ...value) => port.postMessage({ kind: 'event', name, value: value[0] } satisfies Response);
}

/** The calling side: `listen<LibraryEvents>(worker, { notice: (text) => ... })`. */
export function listen<E>(endpoint: Endpoint, handlers: Handlers<E>): void {
  asPort(endpoint).addEventListener('message', (e: MessageEvent) => {
    const r = e.data as Response;
    if (r?.kind !== 'event' || !Object.hasOwn(handlers, r.name)) return;
    (handlers[r.name as keyof E] as ((value: unknown) => void) | undefined)?.(r.value);
  });
}
