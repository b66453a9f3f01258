/**
 * Keeps the storage footer's figures current: the page recomputes them after its own adds,
 * deletes and frees; this covers what changes storage behind its back. The service worker says
 * when it stores or deletes files (CACHE_CHANGED), the page coming back into view reads them again
 * (another tab, DevTools), and while it is visible they are read every USAGE_POLL_MS (a cache
 * deleted by hand sends no event).
 */
import { CACHE_CHANGED } from '../sw/messages';

/** How often the figures are read again while the page is visible: reading them is one estimate() call. */
export const USAGE_POLL_MS = 10_000;

/** The parts of the page the watch listens to; injectable for tests. */
export interface UsageWatchEnv {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  serviceWorker?: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

/** Calls `refresh` whenever storage may have changed behind the page; returns the function that stops watching. */
export function watchUsage(refresh: () => void, env: UsageWatchEnv = browserEnv()): () => void {
  const visible = () => env.document.visibilityState === 'visible';
  const onVisibility = () => visible() && refresh();
  const onMessage = (e: Event) => (e as MessageEvent).data?.type === CACHE_CHANGED && refresh();
  const timer = env.setInterval(() => visible() && refresh(), USAGE_POLL_MS);
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
  };
}
