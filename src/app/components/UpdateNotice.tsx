import { useSyncExternalStore } from 'react';
import { useApp } from '../context';
import { updateNotice } from '../update-notice';
import { applyUpdate, dismissUpdate, subscribeUpdates, updateState } from '../updates';

/** "A new version of Sieve is ready — Reload": shown when a new service worker is waiting; never reloads by itself. */
export function UpdateNotice() {
  const { state } = useApp();
  const update = useSyncExternalStore(subscribeUpdates, updateState);
  const view = updateNotice(update, state);
  if (!view) return null;
  return (
    <div className="notice update" role="status" data-testid="update-notice">
      <span>
        {view.text} —{' '}
        <button className="link" onClick={applyUpdate} disabled={!view.canReload} title={view.wait}>
          Reload
        </button>
        {view.wait && <span className="muted"> {view.wait}</span>}
      </span>
      {update.phase !== 'applying' && (
        <button aria-label="Dismiss update notice" onClick={dismissUpdate}>
          ×
        </button>
      )}
    </div>
  );
}
