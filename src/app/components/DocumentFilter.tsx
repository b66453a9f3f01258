import { useEffect, useId, useRef, useState } from 'react';
import { inScope, scopeButtonLabel, toggleInScope } from '../scope';
import { fileName } from '../format';

interface Props {
  documents: ReadonlyArray<{ id: string; title: string; name: string }>;
  /** The chosen document ids (empty: all). */
  scope: string[];
  onChange(scope: string[]): void;
  /** What the documents are chosen for, in the control's name: "Documents to ask". */
  purpose: string;
}

/**
 * A button naming the chosen documents ("All documents ▾") that opens a checklist of them.
 * Rendered inside a query form: the checklist wraps onto its own line below the form's row.
 */
export function DocumentFilter({ documents, scope, onChange, purpose }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A press outside the button and the checklist closes it.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  if (documents.length < 2) return null;
  const label = scopeButtonLabel(scope, documents);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="scope-button"
        aria-label={`${purpose}: ${label}`}
        aria-expanded={open}
        aria-controls={panelId}
        title={label}
        data-testid="scope-button"
        onClick={() => setOpen(!open)}
      >
        <span className="scope-label">{label}</span> <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="scope-panel"
          role="group"
          aria-label={purpose}
          data-testid="scope-panel"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            }
          }}
        >
          <div className="scope-actions">
            <button type="button" className="link" disabled={scope.length === 0} onClick={() => onChange([])}>
              All documents
            </button>
            <button type="button" onClick={close}>
              Done
            </button>
          </div>
          <ul>
            {documents.map((d) => (
              <li key={d.id}>
                <label>
                  <input type="checkbox" checked={inScope(scope, d.id)} onChange={() => onChange(toggleInScope(scope, d.id, documents))} />
                  <span>
                    <span className="scope-title">{d.title}</span> <span className="muted small">{fileName(d.name)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
