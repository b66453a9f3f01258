import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Progress } from '../../core/types';
import type { PdfPage, PdfSource, PdfTextItem } from '../../core/parse/pdf/source';
import { cancelled, checkBytes, hasEncryptDictionary, noText, toIngestError } from './errors';
import { FontNames } from './fonts';
import { readOutline } from './outline';
import { pacer } from '../../core/yield';

export type PdfJsModule = Pick<typeof PdfJs, 'getDocument' | 'Util'>;

export interface ReadPdfOptions {
  /** Called after each page with stage 'parsing', counted in pages. */
  onProgress?: (progress: Progress) => void;
  /** Checked between pages; an aborted read throws IngestError 'cancelled'. */
  signal?: AbortSignal;
  /** Each page as soon as it has been read. */
  onPage?: (page: PdfPage) => void;
  /** Return a document without any text layer instead of failing with 'no-text' (OCR reads it next). */
  allowTextless?: boolean;
}

/** Where pdf.js may load its own data files from (local paths or same-origin URLs, never a CDN). */
export interface PdfJsResources {
  cMapUrl?: string;
  standardFontDataUrl?: string;
}

interface Setup extends PdfJsResources {
  /** Replaces pdf.js's loader for those files (see fetch-data.ts). */
  BinaryDataFactory?: unknown;
}

/** Work between two yields to the event loop while pages are read. */
const PAGE_LOOP_BUDGET_MS = 25;

type TextItem = Extract<Awaited<ReturnType<PdfJs.PDFPageProxy['getTextContent']>>['items'][number], { str: string }>;

/** Reads every page's positioned text, the outline and the title. Errors are IngestErrors naming the file. */
export async function extractPdf(
  pdfjs: PdfJsModule,
  data: Uint8Array,
  fileName: string,
  options: ReadPdfOptions = {},
  resources: Setup = {},
): Promise<PdfSource> {
  checkBytes(data, fileName);
  const { signal, onProgress } = options;
  if (signal?.aborted) throw cancelled(fileName);
  const task = pdfjs.getDocument({
    // pdf.js transfers the buffer it is given; copy it so the caller's bytes stay usable.
    data: data.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableRange: true,
    disableStream: true,
    disableAutoFetch: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Only text is wanted: images are dropped instead of decoded when fonts are looked up.
    maxImageSize: 1,
    verbosity: 0,
    ...(resources.cMapUrl ? { cMapUrl: resources.cMapUrl, cMapPacked: true } : {}),
    ...(resources.standardFontDataUrl ? { standardFontDataUrl: resources.standardFontDataUrl } : {}),
    ...(resources.BinaryDataFactory ? { BinaryDataFactory: resources.BinaryDataFactory } : {}),
  });
  // Aborting also stops a long load or page read that is under way.
  const stop = () => void task.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const doc = await task.promise;
    if (doc.numPages === 0) throw new Error('the document has no pages');
    const viewports: PageViewport[] = [];
    const pages: PdfPage[] = [];
    const fonts = new FontNames();
    // With pdf.js in this thread, page reads resolve as microtasks only: without handing the
    // thread back now and then, the worker hears no Cancel or search until the last page.
    const pace = pacer(PAGE_LOOP_BUDGET_MS);
    for (let n = 1; n <= doc.numPages; n++) {
      await pace(signal);
      if (signal?.aborted) throw cancelled(fileName);
      const page = await readPage(pdfjs, doc, n, fonts, viewports);
      pages.push(page);
      options.onPage?.(page);
      onProgress?.({ stage: 'parsing', done: n, total: doc.numPages });
    }
    if (pages.length > 0 && pages.every((p) => p.error)) {
      throw toIngestError(new Error(pages[0].error), fileName, { encrypted: hasEncryptDictionary(data) });
    }
    if (!options.allowTextless && !pages.some((p) => p.items.length > 0)) throw noText(fileName, pages.length);
    const outline = await readOutline(doc, (page) => viewports[page - 1]);
    return { title: await readTitle(doc), pages, outline };
  } catch (error) {
    throw signal?.aborted ? cancelled(fileName) : toIngestError(error, fileName, { encrypted: hasEncryptDictionary(data) });
  } finally {
    signal?.removeEventListener('abort', stop);
    void task.destroy();
  }
}

async function readPage(
  pdfjs: PdfJsModule,
  doc: PDFDocumentProxy,
  n: number,
  fonts: FontNames,
  viewports: PageViewport[],
): Promise<PdfPage> {
  let width = 0;
  let height = 0;
  try {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    viewports[n - 1] = viewport;
    width = viewport.width;
    height = viewport.height;
    const content = await page.getTextContent();
    const raw = content.items.filter((item): item is TextItem => 'str' in item);
    await fonts.learn(page, [...new Set(raw.filter((i) => i.str.trim()).map((i) => i.fontName))]);
    const items: PdfTextItem[] = [];
    for (const item of raw) {
      if (!item.str.trim()) {
        if (item.hasEOL && items.length > 0) items[items.length - 1].hasEOL = true;
        continue;
      }
      // The viewport applies the page's /Rotate, so positions and directions are as displayed.
      const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
      // (a, b) runs along the baseline; the text height is the matrix's extent across it, which
      // also holds for rotated, sideways and skewed (sheared) runs.
      const advance = Math.hypot(a, b);
      const fontSize = advance > 0 ? Math.abs(a * d - b * c) / advance : 0;
      if (!(fontSize > 0) || !Number.isFinite(fontSize)) continue;
      const angle = Math.round((Math.atan2(b, a) * 180) / Math.PI * 100) / 100;
      const font = fonts.get(item.fontName);
      items.push({
        text: item.str,
        x: e,
        y: f,
        width: item.width,
        fontSize,
        font: font.name,
        bold: font.bold,
        italic: font.italic,
        hasEOL: item.hasEOL,
        ...(angle !== 0 ? { angle } : {}),
      });
    }
    page.cleanup();
    return { page: n, width, height, items };
  } catch (error) {
    if ((error as { name?: string })?.name === 'PasswordException') throw error;
    return { page: n, width, height, items: [], error: (error as Error)?.message ?? String(error) };
  }
}

async function readTitle(doc: PDFDocumentProxy): Promise<string | null> {
  try {
    const { info, metadata } = await doc.getMetadata();
    const fromXmp = metadata?.get('dc:title');
    const fromInfo = (info as { Title?: unknown }).Title;
    const title = typeof fromXmp === 'string' && fromXmp.trim() ? fromXmp : typeof fromInfo === 'string' ? fromInfo : '';
    return title.trim() || null;
  } catch {
    return null;
  }
}
