/**
 * Shows PDF pages in the page (main thread): pdf.js draws one page at a time on a <canvas>, and
 * the page's positioned text comes back as boxes for placing a passage (core/locate-passage).
 * pdf.js parses in its own worker (src/workers/pdfjs.worker.ts), bundled with the app: nothing
 * is fetched from elsewhere, so pages open offline from the stored original file.
 */
import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageTextItem } from '../../core/locate-passage';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

const MAX_CANVAS_PIXELS = 16_000_000;

function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerPort ??= new Worker(new URL('../../workers/pdfjs.worker.ts', import.meta.url), { type: 'module', name: 'pdfjs' });
    return pdfjs;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

/** A page's size and text, in page units (scale 1) with the origin at the top left. */
export interface PageText {
  width: number;
  height: number;
  items: PageTextItem[];
}

export interface PdfPageView {
  pageCount: number;
  /** The page's size and positioned text. */
  text(page: number): Promise<PageText>;
  /** Draws the page on the canvas at `cssWidth` CSS pixels wide (sharp on high-density screens). */
  draw(page: number, canvas: HTMLCanvasElement, cssWidth: number, signal?: AbortSignal): Promise<void>;
  close(): void;
}

export async function openPdfPages(bytes: Uint8Array): Promise<PdfPageView> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes the buffer it is given; the caller keeps its own copy.
    data: bytes.slice(),
    isEvalSupported: false,
    enableXfa: false,
    disableRange: true,
    disableStream: true,
    verbosity: 0,
  });
  const doc: PDFDocumentProxy = await task.promise;
  const texts = new Map<number, Promise<PageText>>();
  return {
    pageCount: doc.numPages,
    text: (n) => {
      let t = texts.get(n);
      if (!t) texts.set(n, (t = doc.getPage(n).then((page) => pageText(pdfjs, page))));
      return t;
    },
    draw: async (n, canvas, cssWidth, signal) => {
      const page = await doc.getPage(n);
      signal?.throwIfAborted();
      const base = page.getViewport({ scale: 1 });
      const dpr = Math.min(globalThis.devicePixelRatio || 1, 3);
      // At most about 16 million pixels: a zoomed page on a dense screen stays within canvas limits.
      const scale = Math.min((cssWidth / base.width) * dpr, Math.sqrt(MAX_CANVAS_PIXELS / (base.width * base.height)));
      const viewport = page.getViewport({ scale });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('this browser cannot draw on a canvas');
      const render: RenderTask = page.render({ canvas, canvasContext: context, viewport, background: '#fff' });
      const cancel = () => render.cancel();
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        await render.promise;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
    },
    close: () => void task.destroy(),
  };
}

type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;
type TextItem = Extract<TextContent['items'][number], { str: string }>;

/** pdf.js's text items as boxes on the unscaled page, as its own text layer places them. */
async function pageText(pdfjs: Pick<PdfJs, 'Util'>, page: PDFPageProxy): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items: PageTextItem[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.length === 0) continue;
    const t = item as TextItem;
    const style = content.styles[t.fontName];
    const tx = pdfjs.Util.transform(viewport.transform, t.transform);
    const fontHeight = Math.hypot(tx[2], tx[3]);
    const angle = Math.atan2(tx[1], tx[0]);
    const ascent = style?.ascent ? style.ascent : style?.descent ? 1 + style.descent : 0.8;
    const vertical = !!style?.vertical;
    if (!vertical && Math.abs(angle) < 1e-3) {
      items.push({ str: t.str, x: tx[4], y: tx[5] - ascent * fontHeight, width: t.width * viewport.scale, height: fontHeight });
      continue;
    }
    // Rotated or vertical: the bounding box of the turned run, used whole.
    const length = vertical ? t.height : t.width;
    const cos = Math.cos(angle + (vertical ? Math.PI / 2 : 0));
    const sin = Math.sin(angle + (vertical ? Math.PI / 2 : 0));
    const corners: Array<[number, number]> = [
      [0, 0],
      [length, 0],
      [0, -fontHeight],
      [length, -fontHeight],
    ].map(([u, v]) => [tx[4] + u * cos - v * sin, tx[5] + u * sin + v * cos]);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    items.push({ str: t.str, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, rotated: true });
  }
  return { width: viewport.width, height: viewport.height, items };
}
