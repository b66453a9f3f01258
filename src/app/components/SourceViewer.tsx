import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useApp } from '../context';
import type { SourceView } from '../state';
import { fileName } from '../format';
import { CitedPassage } from './CitedPassage';
import { PageNav } from './PageNav';
import { PdfSource } from './PdfSource';
import { TextSource } from './TextSource';
import { useSourceOverlay } from './use-source-overlay';
import './source-viewer.css';

/**
 * A cited passage where it came from: a PDF's page drawn from the stored original with the
 * passage highlighted, or another document's text with the passage marked. Covers the view it
 * was opened from, which stays as it was underneath; Escape or the back link returns to it.
 */
export function SourceViewer({ onInspect }: { onInspect(): void }) {
  const { state } = useApp();
  const v = state.sourceView;
  if (!v) return null;
  return createPortal(<Viewer key={v.chunk.id} v={v} onInspect={onInspect} />, document.body);
}

function Viewer({ v, onInspect }: { v: SourceView; onInspect(): void }) {
  const { store } = useApp();
  const back = useRef<HTMLButtonElement>(null);
  useSourceOverlay(back);
  const close = () => store.documents.closeSource();
  const showPage = (n: number) => store.documents.showSourcePage(n);
  const doc = v.source?.document;
  const isPdf = !!v.source?.bytes;
  const pageCount = doc?.pageCount ?? 0;
  const page = v.page ?? 1;
  return (
    <div className="source-viewer" role="dialog" aria-modal="true" aria-labelledby="source-title" data-testid="source-viewer" data-chunk={v.chunk.id} data-status={v.status}>
      <header className="source-bar">
        <button ref={back} type="button" className="link back" data-testid="source-back" onClick={close}>
          ← Back to the {v.from === 'answer' ? 'answer' : 'search results'}
        </button>
        <h2 id="source-title">
          {doc ? doc.title : 'Opening the source…'} {doc && doc.title !== doc.name && <span className="muted small">{fileName(doc.name)}</span>}
        </h2>
        {isPdf && pageCount > 0 && <PageNav page={page} count={pageCount} onPage={showPage} />}
      </header>
      {v.status === 'failed' && (
        <p className="error" role="alert">
          The source could not be opened: {v.error}
        </p>
      )}
      {v.status === 'loading' && (
        <p className="muted" role="status">
          Opening the stored document…
        </p>
      )}
      {v.source && (
        <div className="source-body">
          {isPdf ? <PdfSource source={v.source} v={v} page={page} onPage={showPage} /> : <TextSource source={v.source} v={v} />}
          <CitedPassage
            chunk={v.chunk}
            onInspect={() => {
              void store.documents.openChunk(v.chunk.docId, v.chunk.id);
              store.documents.closeSource();
              onInspect();
            }}
          />
        </div>
      )}
    </div>
  );
}
