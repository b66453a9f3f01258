/**
 * Keeps the storage footer's figures current: the page recomputes them after its own adds,
 * deletes and frees; this covers what changes storage behind its back. The service worker says
 * when it stores or deletes files (CACHE_CHANGED), the page coming back into view reads them again
 * (another tab, DevTools), and while it is visible the browser's total is looked at every
 * USAGE_POLL_MS (a cache deleted by hand sends no event): only when it moved are the figures read
 * again, since reading them splits the use by walking the caches and the library's stores.
 */
import { CACHE_CHANGED } from '../sw/messages';

/** How often the browser's total is looked at while the page is visible (one estimate() call). */
export const USAGE_POLL_MS = 10_000;

/** A change in the browser's total smaller than this share is not worth reading the split again. */
export const USAGE_CHANGE = 0.01;

/** The parts of the page the watch listens to; injectable for tests. */
export interface UsageWatchEnv {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  serviceWorker?: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
  /** The browser's total use in bytes (navigator.storage.estimate), undefined where it will not say. */
  estimate: () => Promise<number | undefined>;
}

/** Calls `refresh` whenever storage may have changed behind the page; returns the function that stops watching. */
export function watchUsage(refresh: () => void, env: UsageWatchEnv = browserEnv()): () => void {
  const visible = () => env.document.visibilityState === 'visible';
  let seen: number | undefined;
  const read = () => {
    seen = undefined;
    refresh();
  };
  const onVisibility = () => visible() && read();
  const onMessage = (e: Event) => (e as MessageEvent).data?.type === CACHE_CHANGED && read();
  const tick = async () => {
    if (!visible()) return;
    const used = await env.estimate().catch(() => undefined);
    if (used === undefined) return;
    // After an event (or at the start) the figures may have been read before storage settled: once more.
    if (seen === undefined || Math.abs(used - seen) > USAGE_CHANGE * Math.max(seen, 1)) refresh();
    seen = used;
  };
  const timer = env.setInterval(() => void tick(), USAGE_POLL_MS);
  env.document.addEventListener('visibilitychange', onVisibility);
  env.window.addEventListener('focus', onVisibility);
  env.serviceWorker?.addEventListener('message', onMessage);
  return () => {
    env.clearInterval(timer);
    env.document.removeEventListener('visibilitychange', onVisibility);
    env.window.removeEventListener('focus', onVisibility);
    env.serviceWorker?.removeEventListener('message', onMessage);
  };
}

function browserEnv(): UsageWatchEnv {
  return {
    document,
    window,
    ...('serviceWorker' in navigator ? { serviceWorker: navigator.serviceWorker } : {}),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (id) => globalThis.clearInterval(id as number),
    estimate: async () => (await navigator.storage?.estimate?.())?.usage,
  };
}
