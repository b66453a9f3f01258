import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { locatePassage, passageOnPage } from '../../core/locate-passage';
import type { Chunk } from '../../core/types';
import { openPdfPages, type PdfPageView } from '../../adapters/pdf/page-view';
import type { DocumentSource } from '../../services/library';
import { errorMessage, MAX_PAGE_WIDTH, passageScrollLeft, type DrawnPage, type OpenedPdf, type ReadyPage } from './pdf-page';

/** The stored original opened for drawing its pages (closed when the source changes or the viewer closes). */
export function usePdfPages(source: DocumentSource): OpenedPdf | undefined {
  const [pdf, setPdf] = useState<OpenedPdf>();
  useEffect(() => {
    let view: PdfPageView | undefined;
    let live = true;
    openPdfPages(source.bytes!).then(
      (p) => (live ? setPdf((view = p)) : p.close()),
      (e: unknown) => live && setPdf({ error: errorMessage(e) }),
    );
    return () => {
      live = false;
      view?.close();
    };
  }, [source]);
  return pdf;
}

/** The width the page is drawn at: as wide as the frame (up to MAX_PAGE_WIDTH), again when that changes. */
export function useFittedWidth(frame: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(Math.min(MAX_PAGE_WIDTH, Math.floor(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);
  return width;
}

interface DrawRequest {
  pdf?: OpenedPdf;
  canvas: RefObject<HTMLCanvasElement | null>;
  page: number;
  width: number;
  zoom: number;
  source: DocumentSource;
  chunk: Chunk;
}

/** Draws the page on the canvas and places the passage on it; the page drawn, or why it could not be. */
export function useDrawnPage({ pdf, canvas, page, width, zoom, source, chunk }: DrawRequest): DrawnPage | undefined {
  const [drawn, setDrawn] = useState<DrawnPage>();
  useEffect(() => {
    if (!pdf || 'error' in pdf || !canvas.current || width <= 0) return;
    const drawWidth = Math.round(width * zoom);
    const controller = new AbortController();
    const n = Math.min(page, pdf.pageCount);
    (async () => {
      const text = await pdf.text(n);
      const spans = source.pages.find((p) => p.page === n);
      const part = passageOnPage(source.text, chunk, spans);
      const placement = part ? locatePassage(part, text.items) : undefined;
      await pdf.draw(n, canvas.current!, drawWidth, controller.signal);
      if (!controller.signal.aborted) setDrawn({ page: n, text, placement });
    })().catch((e: unknown) => {
      if (!controller.signal.aborted) setDrawn({ page: n, error: errorMessage(e) });
    });
    return () => controller.abort();
  }, [pdf, canvas, page, width, zoom, source, chunk]);
  return drawn;
}

/** Brings the passage into view once it is drawn on its page, and when the zoom changes. */
export function usePassageInView(ready: ReadyPage | undefined, zoom: number, width: number, frame: RefObject<HTMLElement | null>, firstMark: RefObject<HTMLElement | null>) {
  const placement = ready?.placement;
  useEffect(() => {
    // Scroll the passage into view once it is drawn on its page (not on every resize).
    firstMark.current?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'auto' });
    // Zoomed in: pan so the passage's lines are read from their left end.
    const f = frame.current;
    if (f && ready && placement?.rects.length && zoom > 1) f.scrollLeft = passageScrollLeft(placement.rects, ready.text, Math.round(width * zoom));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not on every resize or redraw: only when the passage or zoom changes
  }, [ready?.page, placement, zoom]);
}
