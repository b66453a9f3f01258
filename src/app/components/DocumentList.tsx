import { useApp } from '../context';
import { describeBytes, fileName } from '../format';
import { outdatedReason } from '../../core/kb/outdated';
import { CollapsedNotes } from './CollapsedNotes';
import { splitNotes } from '../../core/ingest/notes';

/** A document's notes: those to act on shown (and marked), routine clean-up folded away. */
function DocumentNotes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null;
  const { warnings, info } = splitNotes(notes);
  return (
    <div className="document-notes small" data-testid="document-notes">
      {warnings.length > 0 && (
        <ul className="note-warnings" data-testid="document-warnings">
          {warnings.map((w, i) => (
            <li key={i}>
              <span aria-hidden="true">⚠ </span>
              {w}
            </li>
          ))}
        </ul>
      )}
      <CollapsedNotes notes={info} className="note-info" />
    </div>
  );
}

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
          {documents.map((d) => {
            const warnings = splitNotes(d.warnings).warnings;
            const deleteError = state.deleteErrors?.[d.id];
            return (
              <tr key={d.id} data-testid="document-row">
                <td>
                  <div className="title">{d.title}</div>
                  {d.card?.about && (
                    <div className="muted small about" data-testid="document-about" title={d.card.about}>
                      {d.card.about}
                    </div>
                  )}
                  <div className="muted small file-name">{fileName(d.name)}</div>
                  <DocumentNotes notes={d.warnings} />
                  {deleteError && (
                    <p className="error small" role="alert" data-testid="delete-error">
                      {deleteError}
                    </p>
                  )}
                </td>
                <td>{d.kind}</td>
                <td>{d.pageCount || '—'}</td>
                <td>{d.sentenceCount}</td>
                <td>{d.chunkCount}</td>
                <td>{describeBytes(d.size)}</td>
                <td title={[reasons.get(d.id), ...warnings].filter(Boolean).join('\n')}>
                  {reasons.get(d.id) ? 'Outdated' : 'Indexed'}
                  {warnings.length > 0 && (
                    <span className="warn-mark" role="img" aria-label={`${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} to check`}>
                      {'\u00a0⚠'}
                    </span>
                  )}
                </td>
                <td className="actions">
                  <div className="row-actions">
                    <button
                      aria-label={`Inspect chunks of ${fileName(d.name)}`}
                      onClick={() => {
                        void store.documents.inspect(d.id);
                        onInspect();
                      }}
                    >
                      Inspect chunks
                    </button>
                    <button
                      className="danger"
                      aria-label={`Delete ${fileName(d.name)}`}
                      onClick={() => {
                        if (confirm(`Delete ${fileName(d.name)} and everything indexed from it?`)) void store.documents.deleteDocument(d.id);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
