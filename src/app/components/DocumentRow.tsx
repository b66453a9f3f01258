import { describeBytes, fileName } from '../format';
import type { DocumentRecord } from '../../core/kb';
import { CollapsedNotes } from './CollapsedNotes';
import { splitNotes } from '../../core/ingest';

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

/** One document of the library's table; `outdated` says why it is outdated ('' when it is not). */
export function DocumentRow({ d, outdated, deleteError, onInspect, onDelete }: { d: DocumentRecord; outdated: string; deleteError?: string; onInspect(): void; onDelete(): void }) {
  const warnings = splitNotes(d.warnings).warnings;
  return (
    <tr data-testid="document-row">
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
      <td title={[outdated, ...warnings].filter(Boolean).join('\n')}>
        {outdated ? 'Outdated' : 'Indexed'}
        {warnings.length > 0 && (
          <span className="warn-mark" role="img" aria-label={`${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} to check`}>
            {'\u00a0⚠'}
          </span>
        )}
      </td>
      <td className="actions">
        <div className="row-actions">
          <button aria-label={`Inspect chunks of ${fileName(d.name)}`} onClick={onInspect}>
            Inspect chunks
          </button>
          <button
            className="danger"
            aria-label={`Delete ${fileName(d.name)}`}
            onClick={() => {
              if (confirm(`Delete ${fileName(d.name)} and everything indexed from it?`)) onDelete();
            }}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
