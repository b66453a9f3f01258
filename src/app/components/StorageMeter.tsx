import { useApp } from '../context';
import { describeBytes } from '../format';

export function StorageMeter() {
  const { state, store } = useApp();
  const u = state.usage;
  return (
    <footer className="storage" data-testid="storage">
      {u ? (
        <>
          <span>
            Browser storage: {describeBytes(u.usedBytes)} used of {describeBytes(u.quotaBytes)} available to this site
          </span>
          <meter min={0} max={u.quotaBytes} value={u.usedBytes} />
          {state.persisted === false && <span className="muted">The browser may clear this data if the disk runs low.</span>}
        </>
      ) : (
        <span className="muted">This browser does not report storage use.</span>
      )}
      {state.documents.length > 0 && (
        <button
          className="danger link"
          onClick={() => {
            if (confirm('Delete every document, index, setting and cached embedding stored by Sieve in this browser?')) void store.clearAll();
          }}
        >
          Delete everything
        </button>
      )}
    </footer>
  );
}
