/**
 * Renders PDF pages to pixels for OCR, inside a Web Worker: pdf.js draws on OffscreenCanvas
 * (no DOM). The document is opened a second time for this, with images decoded, since the
 * text reading skips them; only documents with pages lacking a text layer pay for it.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type GreyImage, encodePgm, renderScale } from '../../core/ocr';
import type { PdfJsModule, PdfJsResources } from './extract';

/** pdf.js's canvas factory, on OffscreenCanvas (its default makes <canvas> elements). */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(Math.max(1, width), Math.max(1, height));
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }

  reset(target: { canvas: OffscreenCanvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = width;
    target.canvas.height = height;
  }

  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

/** pdf.js's SVG filters need a DOM; without one, filters (transfer functions, masks by luminosity) are left out. */
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  destroy() {}
}

interface PageRendering {
  render(page: number, signal?: AbortSignal): Promise<GreyImage>;
  close(): Promise<void>;
}

export function openPageRenderer(pdfjs: PdfJsModule, data: Uint8Array, resources: PdfJsResources & { BinaryDataFactory?: unknown } = {}): PageRendering {
  const task = pdfjs.getDocument({
    data: data.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    enableXfa: false,
    isOffscreenCanvasSupported: true,
    isImageDecoderSupported: false,
    verbosity: 0,
    CanvasFactory: OffscreenCanvasFactory,
    FilterFactory: NoFilterFactory,
    ...(resources.cMapUrl ? { cMapUrl: resources.cMapUrl, cMapPacked: true } : {}),
    ...(resources.standardFontDataUrl ? { standardFontDataUrl: resources.standardFontDataUrl } : {}),
    ...(resources.BinaryDataFactory ? { BinaryDataFactory: resources.BinaryDataFactory } : {}),
  } as Parameters<PdfJsModule['getDocument']>[0]);
  return {
    render: async (n, signal) => renderPage(await task.promise, n, signal),
    close: () => task.destroy(),
  };
}

async function renderPage(doc: PDFDocumentProxy, n: number, signal?: AbortSignal): Promise<GreyImage> {
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: renderScale(base.width, base.height) });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    const task = page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport, background: '#fff' });
    const cancel = () => task.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      await task.promise;
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    signal?.throwIfAborted();
    return encodePgm(width, height, context.getImageData(0, 0, width, height).data);
  } finally {
    page.cleanup();
  }
}
