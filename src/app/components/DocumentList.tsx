import { useApp } from '../context';
import { describeBytes } from '../format';

export function DocumentList({ onInspect }: { onInspect: () => void }) {
  const { state, store } = useApp();
  if (state.documents.length === 0) {
    return <p className="muted empty">Your library is empty. Add a document to start.</p>;
  }
  return (
    <table className="documents" data-testid="documents">
      <thead>
        <tr>
          <th>Document</th>
          <th>Type</th>
          <th>Pages</th>
          <th>Sentences</th>
          <th>Chunks</th>
          <th>Size</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {state.documents.map((d) => (
          <tr key={d.id} data-testid="document-row">
            <td>
              <div className="title">{d.title}</div>
              <div className="muted small">{d.name}</div>
            </td>
            <td>{d.kind}</td>
            <td>{d.pageCount || '—'}</td>
            <td>{d.sentenceCount}</td>
            <td>{d.chunkCount}</td>
            <td>{describeBytes(d.size)}</td>
            <td title={d.warnings.join('\n')}>Indexed{d.warnings.length ? ' ⚠' : ''}</td>
            <td className="actions">
              <button
                onClick={() => {
                  void store.inspect(d.id);
                  onInspect();
                }}
              >
                Inspect chunks
              </button>
              <button
                className="danger"
                aria-label={`Delete ${d.name}`}
                onClick={() => {
                  if (confirm(`Delete ${d.name} and everything indexed from it?`)) void store.deleteDocument(d.id);
                }}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
