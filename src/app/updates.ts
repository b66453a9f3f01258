/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the service worker (src/sw/sw.ts; a no-op in `npm run dev`) and keeps the state of
 * the "new version" notice (update-notice.ts) for components/UpdateNotice.tsx to render.
 */
import { SKIP_WAITING } from '../sw/messages';
import { registerSW } from 'virtual:pwa-register';
import { NO_UPDATE, onTakeOver, reduceUpdate, type UpdateEvent, type UpdateState } from './update-notice';

let state: UpdateState = NO_UPDATE;
const listeners = new Set<() => void>();
let skipWaiting: ((reload?: boolean) => Promise<void>) | undefined;

function dispatch(event: UpdateEvent) {
  state = reduceUpdate(state, event);
  for (const l of listeners) l();
}

/** For useSyncExternalStore. */
export function subscribeUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateState(): UpdateState {
  return state;
}

/** Registers the service worker once the page has loaded (so it does not compete with the app's own start). */
export function startUpdates() {
  if (!('serviceWorker' in navigator)) return;
  skipWaiting = registerSW({
    onNeedRefresh: () => dispatch({ type: 'waiting' }),
    // The plugin's own reaction to a new version taking over is to reload: not here (below).
    onNeedReload: () => undefined,
    onRegisterError: (e) => console.warn('Sieve: the service worker could not be registered; the app will not work offline', e),
  });
  // A change of controller is a new version taking over, except the first one, when the very
  // first version takes charge of the page that installed it. It reaches every open tab; only
  // the one whose user pressed Reload reloads.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const first = !controlled;
    controlled = true;
    if (first) return;
    const action = onTakeOver(state);
    dispatch({ type: 'took-over' });
    if (action === 'reload') window.location.reload();
  });
}

/** The user pressed Reload: let the waiting version take over (the page reloads when it has), or reload onto the version already in charge. */
export function applyUpdate() {
  if (state.phase === 'taken-over') {
    window.location.reload();
    return;
  }
  dispatch({ type: 'reload-requested' });
  void skipWaiting?.(true);
  // Also tell the waiting worker directly (the plugin's message can miss one that another tab's
  // update check installed), and never leave the page "updating": reload after 15 s regardless.
  void navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.postMessage({ type: SKIP_WAITING }));
  setTimeout(() => window.location.reload(), TAKE_OVER_WAIT_MS);
}

/** How long Reload waits for the new version to take over before reloading anyway. */
const TAKE_OVER_WAIT_MS = 15_000;

export function dismissUpdate() {
  dispatch({ type: 'dismissed' });
}
