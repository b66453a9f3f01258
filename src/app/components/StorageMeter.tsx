import { useApp } from '../context';
import { describeBytes } from '../format';
import { describePersistence } from '../persistence';

export function StorageMeter() {
  const { state, store } = useApp();
  const u = state.usage;
  const persistence = describePersistence(state.persisted);
  return (
    <footer className="storage" data-testid="storage">
      {u ? (
        <>
          <span data-testid="storage-use">
            Browser storage: {describeBytes(u.usedBytes)} used of {describeBytes(u.quotaBytes)} available to this site
            {u.libraryBytes !== undefined && u.cachedFilesBytes !== undefined && (
              <span className="muted">
                {' '}
                ({describeBytes(u.libraryBytes)} library, {describeBytes(u.cachedFilesBytes)} cached app and model files)
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
      {state.documents.length > 0 && (
        <button
          className="danger link"
          onClick={() => {
            if (confirm('Delete every document, index, setting and cached embedding stored by Sieve in this browser?')) void store.documents.clearAll();
          }}
        >
          Delete everything
        </button>
      )}
    </footer>
  );
}
