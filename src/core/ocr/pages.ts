import type { Progress } from '../types';
import type { PdfSource } from '../parse';
import type { GreyImage, OcrEngine } from './engine';
import { pagesNeedingOcr } from './plan';
import { ocrPage } from './to-page';

/** Renders one page (1-based) of the document being read to pixels for OCR. */
export type PageRenderer = (page: number, signal?: AbortSignal) => Promise<GreyImage>;

interface OcrPagesOptions {
  /** Stage 'ocr', counted in pages: done before each page and after the last. */
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

/**
 * Reads the pages without a text layer by OCR, one at a time, and returns the source with
 * their text. Other pages are left as they are. A cancel rejects with the signal's reason; an
 * engine or renderer that fails stops OCR, and the source says why (the pages it did not
 * reach keep no text, and the warnings name them).
 */
export async function ocrScannedPages(source: PdfSource, render: PageRenderer, engine: OcrEngine, options: OcrPagesOptions = {}): Promise<PdfSource> {
  const { onProgress, signal } = options;
  const todo = pagesNeedingOcr(source.pages);
  if (todo.length === 0) return source;
  const pages = [...source.pages];
  for (const [i, n] of todo.entries()) {
    signal?.throwIfAborted();
    onProgress?.({ stage: 'ocr', done: i, total: todo.length });
    const at = pages.findIndex((p) => p.page === n);
    try {
      const image = await render(n, signal);
      pages[at] = ocrPage(pages[at], image, await engine.recognize(image.bytes, signal));
    } catch (error) {
      signal?.throwIfAborted();
      return { ...source, pages, ocr: { status: 'failed', reason: (error instanceof Error ? error.message : String(error ?? '')) || 'unknown error' } };
    }
  }
  onProgress?.({ stage: 'ocr', done: todo.length, total: todo.length });
  return { ...source, pages, ocr: { status: 'done' } };
}
