import { useRef, useState, type RefObject } from 'react';
import type { SourceView } from '../state';
import type { DocumentSource } from '../../services/library';
import { cellOnRow } from '../../core/locate-passage';
import { drawFailure, isPassagePage, markStyle, pageNote, readyPage, ZOOMS, type ReadyPage } from './pdf-page';
import { useDrawnPage, useFittedWidth, usePassageInView, usePdfPages } from './use-pdf-page';

interface Props {
  source: DocumentSource;
  v: SourceView;
  page: number;
  onPage(n: number): void;
}

/** The PDF page, drawn from the stored original, with the passage's rectangles over it. */
export function PdfSource({ source, v, page, onPage }: Props) {
  const pdf = usePdfPages(source);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const firstMark = useRef<HTMLDivElement>(null);
  const width = useFittedWidth(frame);
  /** 1: the page fits the width it has; more: wider, panned inside its frame. */
  const [zoomStep, setZoomStep] = useState(0);
  const zoom = ZOOMS[zoomStep];
  const drawn = useDrawnPage({ pdf, canvas, page, width, zoom, source, chunk: v.chunk });
  const ready = readyPage(drawn, page);
  usePassageInView(ready, zoom, width, frame, firstMark);
  const failed = drawFailure(pdf, drawn, page);
  return (
    <div className="source-page-column">
      <div className="page-head">
        {failed ? (
          <p className="error" role="alert">
            The page could not be drawn: {failed}
          </p>
        ) : (
          <PageNote ready={ready} v={v} page={page} onPage={onPage} />
        )}
        <ZoomTools step={zoomStep} onStep={setZoomStep} />
      </div>
      <div className={`source-page-frame${zoom > 1 ? ' zoomed' : ''}`} ref={frame}>
        <div className="source-page" style={{ width: width ? Math.round(width * zoom) : undefined }} data-testid="source-page" data-page={ready ? page : undefined}>
          <canvas ref={canvas} data-testid="page-canvas" aria-label={`Page ${page} of ${source.document.title}`} role="img" />
          {ready && <PassageMarks ready={ready} v={v} page={page} firstMark={firstMark} />}
        </div>
      </div>
    </div>
  );
}

function PageNote({ ready, v: { chunk }, page, onPage }: { ready?: ReadyPage; v: SourceView; page: number; onPage(n: number): void }) {
  const note = pageNote(ready, chunk, page);
  const placement = ready?.placement;
  return (
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
  );
}

function ZoomTools({ step, onStep }: { step: number; onStep(update: (step: number) => number): void }) {
  const zoom = ZOOMS[step];
  return (
    <div className="page-tools" role="group" aria-label="Zoom">
      <button type="button" onClick={() => onStep((z) => Math.max(0, z - 1))} disabled={step === 0} aria-label="Zoom out">
        −
      </button>
      <span className="small" data-testid="zoom">
        {zoom === 1 ? 'Fit width' : `${Math.round(zoom * 100)}%`}
      </span>
      <button type="button" onClick={() => onStep((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={step === ZOOMS.length - 1} aria-label="Zoom in">
        +
      </button>
    </div>
  );
}

function PassageMarks({ ready, v, page, firstMark }: { ready: ReadyPage; v: SourceView; page: number; firstMark: RefObject<HTMLDivElement | null> }) {
  const { placement } = ready;
  if (!isPassagePage(v.chunk, page) || !placement) return null;
  const cell = v.cell ? cellOnRow(placement.rects, ready.text.items, v.cell.raw, v.cell.column) : undefined;
  const marks = placement.rects.map((r, i) => (
    <div
      key={i}
      ref={i === 0 ? firstMark : undefined}
      className={`source-mark ${placement.status}`}
      data-testid="highlight"
      data-x={r.x.toFixed(1)}
      data-y={r.y.toFixed(1)}
      data-width={r.width.toFixed(1)}
      data-height={r.height.toFixed(1)}
      style={markStyle(r, ready.text)}
    />
  ));
  if (!cell) return marks;
  return [
    ...marks,
    <div key="cell" className="source-mark cell" data-testid="cell-highlight" data-x={cell.x.toFixed(1)} data-y={cell.y.toFixed(1)} style={markStyle(cell, ready.text)} />,
  ];
}
