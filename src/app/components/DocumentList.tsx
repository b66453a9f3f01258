import { useApp } from '../context';
import { fileName } from '../format';
import { outdatedReason } from '../../core/kb';
import { DocumentRow } from './DocumentRow';

export function DocumentList({ onInspect }: { onInspect: () => void }) {
  const { state, store } = useApp();
  const deleting = new Set(state.deleting ?? []);
  // A delete removes its row at once; the row comes back if the delete fails.
  const documents = state.documents.filter((d) => !deleting.has(d.id));
  const deletingNames = state.documents.filter((d) => deleting.has(d.id)).map((d) => fileName(d.name));
  const deletingNote = deletingNames.length > 0 && (
    <p className="muted small deleting" role="status" data-testid="deleting">
      Deleting {deletingNames.join(', ')}…
    </p>
  );
  if (documents.length === 0) {
    // Not empty any more once a file is on its way in.
    if (state.jobs.length > 0) return deletingNote || null;
    return (
      <>
        {deletingNote}
        <p className="muted empty">Your library is empty. Add a document to start.</p>
      </>
    );
  }
  const llmModel = state.llm.state === 'ready' ? state.llm.info?.model : undefined;
  // Why each document is outdated ('' when it is not), worked out once a render.
  const reasons = new Map(state.documents.map((d) => [d.id, outdatedReason(d, state.settings?.chunker, state.model.id, llmModel)]));
  const outdated = documents.filter((d) => reasons.get(d.id));
  const modelChanged = state.documents.some((d) => state.model.id && d.embedderId !== state.model.id);
  return (
    <>
      {outdated.length > 0 && (
        <p className="outdated-note">
          {outdated.length} of {documents.length} documents were indexed with other settings.{' '}
          <button onClick={() => void store.jobs.reindex((modelChanged ? documents : outdated).map((d) => d.id))}>Re-index {modelChanged ? 'all' : outdated.length}</button>
        </p>
      )}
      {deletingNote}
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
          {documents.map((d) => (
            <DocumentRow
              key={d.id}
              d={d}
              outdated={reasons.get(d.id) ?? ''}
              deleteError={state.deleteErrors?.[d.id]}
              onInspect={() => {
                void store.documents.inspect(d.id);
                onInspect();
              }}
              onDelete={() => void store.documents.deleteDocument(d.id)}
            />
          ))}
        </tbody>
      </table>
    </>
  );
}
