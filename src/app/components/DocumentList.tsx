import { useApp } from '../context';
import { describeBytes, fileName } from '../format';
import { outdatedReason } from '../../core/kb/outdated';
import { CollapsedNotes } from './CollapsedNotes';

export function DocumentList({ onInspect }: { onInspect: () => void }) {
  const { state, store } = useApp();
  if (state.documents.length === 0) {
    return <p className="muted empty">Your library is empty. Add a document to start.</p>;
  }
  const llmModel = state.llm.state === 'ready' ? state.llm.info?.model : undefined;
  // Why each document is outdated ('' when it is not), worked out once a render.
  const reasons = new Map(state.documents.map((d) => [d.id, outdatedReason(d, state.settings?.chunker, state.model.id, llmModel)]));
  const outdated = state.documents.filter((d) => reasons.get(d.id));
  const modelChanged = state.documents.some((d) => state.model.id && d.embedderId !== state.model.id);
  return (
    <>
    {outdated.length > 0 && (
      <p className="outdated-note">
        {outdated.length} of {state.documents.length} documents were indexed with other settings.{' '}
        <button onClick={() => void store.reindex((modelChanged ? state.documents : outdated).map((d) => d.id))}>
          Re-index {modelChanged ? 'all' : outdated.length}
        </button>
      </p>
    )}
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
              {d.card?.about && (
                <div className="muted small about" data-testid="document-about" title={d.card.about}>
                  {d.card.about}
                </div>
              )}
              <div className="muted small file-name">{fileName(d.name)}</div>
              <CollapsedNotes notes={d.warnings} className="document-notes small" testId="document-notes" />
            </td>
            <td>{d.kind}</td>
            <td>{d.pageCount || '—'}</td>
            <td>{d.sentenceCount}</td>
            <td>{d.chunkCount}</td>
            <td>{describeBytes(d.size)}</td>
            <td title={[reasons.get(d.id), ...d.warnings].filter(Boolean).join('\n')}>
              {reasons.get(d.id) ? 'Outdated' : 'Indexed'}
              {d.warnings.length ? ' ⚠' : ''}
            </td>
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
                aria-label={`Delete ${fileName(d.name)}`}
                onClick={() => {
                  if (confirm(`Delete ${fileName(d.name)} and everything indexed from it?`)) void store.deleteDocument(d.id);
                }}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </>
  );
}
