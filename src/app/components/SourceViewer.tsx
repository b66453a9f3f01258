import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useApp } from '../context';
import type { SourceView } from '../state';
import type { DocumentSource } from '../../services/library';
import { fileName, ocrLabel, sectionLabel } from '../format';
import { locatePassage, passageOnPage, type Placement } from '../../core/locate-passage';
import { openPdfPages, type PageText, type PdfPageView } from '../../adapters/pdf/page-view';
import { pagesPhrase, placementNote } from '../source-note';
import './source-viewer.css';

/** Widest a page is drawn, in CSS pixels. */
const MAX_PAGE_WIDTH = 900;
/** Zoom steps, as multiples of the fitted width. */
const ZOOMS = [1, 1.5, 2, 3, 4];

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
  const close = () => store.documents.closeSource();

  // While open: the app behind is inert and does not scroll; on close, focus returns to what opened it.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById('root');
    const overflow = document.body.style.overflow;
    root?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    back.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        store.documents.closeSource();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

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
        {isPdf && pageCount > 0 && <PageNav page={page} count={pageCount} onPage={(n) => store.documents.showSourcePage(n)} />}
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
          {isPdf ? <PdfSource source={v.source} v={v} page={page} onPage={(n) => store.documents.showSourcePage(n)} /> : <TextSource source={v.source} v={v} />}
          <aside className="source-passage" aria-label="Cited passage">
            <h3>Cited passage</h3>
            <p className="muted small">
              {v.chunk.pageStart !== undefined && `${pagesPhrase(v.chunk.pageStart, v.chunk.pageEnd).replace(/^p/, 'P')}`}
              {v.chunk.sectionPath.length > 0 && `${v.chunk.pageStart !== undefined ? ' · ' : ''}${sectionLabel(v.chunk.sectionPath)}`}
              {v.chunk.ocr && ` · read by ${ocrLabel(v.chunk.ocr)}`}
            </p>
            <blockquote data-testid="source-passage">{v.chunk.text}</blockquote>
            <button
              type="button"
              className="link"
              onClick={() => {
                void store.documents.openChunk(v.chunk.docId, v.chunk.id);
                store.documents.closeSource();
                onInspect();
              }}
            >
              Show its chunks in the inspector
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}

function PageNav({ page, count, onPage }: { page: number; count: number; onPage(n: number): void }) {
  const [typed, setTyped] = useState(String(page));
  useEffect(() => setTyped(String(page)), [page]);
  const go = (n: number) => onPage(Math.min(count, Math.max(1, n)));
  return (
    <nav className="page-nav" aria-label="Pages">
      <button type="button" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="Previous page" data-testid="page-prev">
        ‹ Previous
      </button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(typed);
          if (Number.isInteger(n)) go(n);
          else setTyped(String(page));
        }}
      >
        <label>
          Page{' '}
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={count}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTyped(String(page))}
            aria-label="Page number"
            data-testid="page-number"
          />
        </label>{' '}
        <span data-testid="page-count">of {count}</span>
      </form>
      <button type="button" onClick={() => go(page + 1)} disabled={page >= count} aria-label="Next page" data-testid="page-next">
        Next ›
      </button>
    </nav>
  );
}

/** The PDF page, drawn from the stored original, with the passage's rectangles over it. */
function PdfSource({ source, v, page, onPage }: { source: DocumentSource; v: SourceView; page: number; onPage(n: number): void }) {
  const [pdf, setPdf] = useState<PdfPageView | { error: string }>();
  const [drawn, setDrawn] = useState<{ page: number; text: PageText; placement?: Placement } | { page: number; error: string }>();
  const [width, setWidth] = useState(0);
  /** 1: the page fits the width it has; more: wider, panned inside its frame. */
  const [zoomStep, setZoomStep] = useState(0);
  const zoom = ZOOMS[zoomStep];
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let view: PdfPageView | undefined;
    let live = true;
    openPdfPages(source.bytes!).then(
      (p) => (live ? setPdf((view = p)) : p.close()),
      (e: unknown) => live && setPdf({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      view?.close();
    };
  }, [source]);

  // The page is drawn as wide as the space it has (up to MAX_PAGE_WIDTH), again when that changes.
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(Math.min(MAX_PAGE_WIDTH, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf || 'error' in pdf || !canvas.current || width <= 0) return;
    const drawWidth = Math.round(width * zoom);
    const controller = new AbortController();
    const n = Math.min(page, pdf.pageCount);
    (async () => {
      const text = await pdf.text(n);
      const spans = source.pages.find((p) => p.page === n);
      const part = passageOnPage(source.text, v.chunk, spans);
      const placement = part ? locatePassage(part, text.items) : undefined;
      await pdf.draw(n, canvas.current!, drawWidth, controller.signal);
      if (!controller.signal.aborted) setDrawn({ page: n, text, placement });
    })().catch((e: unknown) => {
      if (!controller.signal.aborted) setDrawn({ page: n, error: e instanceof Error ? e.message : String(e) });
    });
    return () => controller.abort();
  }, [pdf, page, width, zoom, source, v.chunk]);

  const ready = drawn && drawn.page === page && 'text' in drawn ? drawn : undefined;
  const placement = ready?.placement;
  const firstMark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Scroll the passage into view once it is drawn on its page (not on every resize).
    firstMark.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'auto' });
    // Zoomed in: pan so the passage's lines are read from their left end.
    const f = frame.current;
    if (f && ready && placement?.rects.length && zoom > 1) {
      const left = (Math.min(...placement.rects.map((r) => r.x)) / ready.text.width) * Math.round(width * zoom);
      f.scrollLeft = Math.max(0, left - 12);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not on every resize or redraw: only when the passage or zoom changes
  }, [ready?.page, placement, zoom]);

  const { chunk } = v;
  const onPassagePage = chunk.pageStart === undefined || (page >= chunk.pageStart && page <= (chunk.pageEnd ?? chunk.pageStart));
  const note = ready
    ? placementNote(onPassagePage ? (placement ?? { status: 'not-found', rects: [], coverage: 0, reason: 'no-match' }) : undefined, page, chunk.pageStart, chunk.pageEnd)
    : undefined;
  const failed = (pdf && 'error' in pdf ? pdf.error : undefined) ?? (drawn && drawn.page === page && 'error' in drawn ? drawn.error : undefined);
  return (
    <div className="source-page-column">
      <div className="page-head">
        {failed ? (
          <p className="error" role="alert">
            The page could not be drawn: {failed}
          </p>
        ) : (
          <p
            className={`source-note ${note?.kind ?? 'loading'}`}
            role="status"
            data-testid="source-note"
            data-placement={note?.kind ?? 'loading'}
            data-coverage={placement ? placement.coverage.toFixed(2) : undefined}
          >
            {note ? note.text : `Drawing page ${page}…`}
            {note?.kind === 'elsewhere' && chunk.pageStart !== undefined && (
              <>
                {' '}
                <button type="button" className="link" onClick={() => onPage(chunk.pageStart!)}>
                  Go to page {chunk.pageStart}
                </button>
              </>
            )}
          </p>
        )}
        <div className="page-tools" role="group" aria-label="Zoom">
          <button type="button" onClick={() => setZoomStep((z) => Math.max(0, z - 1))} disabled={zoomStep === 0} aria-label="Zoom out">
            −
          </button>
          <span className="small" data-testid="zoom">
            {zoom === 1 ? 'Fit width' : `${Math.round(zoom * 100)}%`}
          </span>
          <button type="button" onClick={() => setZoomStep((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoomStep === ZOOMS.length - 1} aria-label="Zoom in">
            +
          </button>
        </div>
      </div>
      <div className={`source-page-frame${zoom > 1 ? ' zoomed' : ''}`} ref={frame}>
        <div className="source-page" style={{ width: width ? Math.round(width * zoom) : undefined }} data-testid="source-page" data-page={ready ? page : undefined}>
          <canvas ref={canvas} data-testid="page-canvas" aria-label={`Page ${page} of ${source.document.title}`} role="img" />
          {ready &&
            onPassagePage &&
            placement?.rects.map((r, i) => (
              <div
                key={i}
                ref={i === 0 ? firstMark : undefined}
                className={`source-mark ${placement.status}`}
                data-testid="highlight"
                data-x={r.x.toFixed(1)}
                data-y={r.y.toFixed(1)}
                data-width={r.width.toFixed(1)}
                data-height={r.height.toFixed(1)}
                style={{
                  left: `${(r.x / ready.text.width) * 100}%`,
                  top: `${(r.y / ready.text.height) * 100}%`,
                  width: `${(r.width / ready.text.width) * 100}%`,
                  height: `${(r.height / ready.text.height) * 100}%`,
                }}
              />
            ))}
        </div>
      </div>
    </div>
  );
}

/** A document without pages to draw: its stored text, with the passage marked. */
function TextSource({ source, v }: { source: DocumentSource; v: SourceView }) {
  const mark = useRef<HTMLElement>(null);
  const { text } = source;
  const { start, end } = v.chunk;
  const placed = start >= 0 && end <= text.length && end > start;
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center', behavior: 'auto' });
  }, [v.chunk]);
  return (
    <div className="source-page-column">
      <p className={`source-note ${placed ? 'found' : 'not-found'}`} role="status" data-testid="source-note" data-placement={placed ? 'found' : 'not-found'}>
        {placed ? 'The cited passage is marked in the document’s text.' : 'This passage could not be placed in the document’s text. Its text is shown beside it.'}
      </p>
      <div className="source-text" data-testid="source-text" tabIndex={0} aria-label={`Text of ${source.document.title}`}>
        {placed ? (
          <>
            {text.slice(0, start)}
            <mark ref={mark} data-testid="highlight">
              {text.slice(start, end)}
            </mark>
            {text.slice(end)}
          </>
        ) : (
          text
        )}
      </div>
    </div>
  );
}
