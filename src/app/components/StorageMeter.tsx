import { useApp } from '../context';
import { describeBytes } from '../format';
import { describePersistence } from '../persistence';
import { storageParts } from '../storage-use';

export function StorageMeter() {
  const { state, store } = useApp();
  const u = state.usage;
  const persistence = describePersistence(state.persisted);
  const { parts, canFree, freeable, canDelete } = storageParts(u, state.documents.length);
  return (
    <footer className="storage" data-testid="storage">
      {u ? (
        <>
          <span data-testid="storage-use">
            Browser storage: {describeBytes(u.usedBytes)} used of {describeBytes(u.quotaBytes)} available to this site
            {parts.length > 0 && (
              <span className="muted" data-testid="storage-parts">
                {' '}
                ({parts.join(', ')})
              </span>
            )}
          </span>
          <meter min={0} max={u.quotaBytes} value={u.usedBytes} />
        </>
      ) : (
        <span className="muted">This browser does not report storage use.</span>
      )}
      {persistence && (
        <span className={state.persisted ? undefined : 'muted'} data-testid="persistence" data-persisted={String(state.persisted)}>
          {persistence}
        </span>
      )}
      {canFree && (
        <button
          className="link"
          onClick={() => {
            if (confirm(`Free ${freeable}? Your documents stay; re-indexing embeds again, and models download again when next used.`)) void store.documents.freeSpace();
          }}
        >
          Free space
        </button>
      )}
      {canDelete && (
        <button
          className="danger link"
          onClick={() => {
            if (confirm('Delete every document, index, setting, cached embedding and downloaded model stored by Sieve in this browser?')) void store.documents.clearAll();
          }}
        >
          Delete everything
        </button>
      )}
    </footer>
  );
}
