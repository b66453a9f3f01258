import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Progress } from '../../core/types';
import type { PdfPage, PdfSource } from '../../core/parse';
import { IngestError } from '../../core/errors';
import { cancelled, checkBytes, hasEncryptDictionary, noText, toIngestError } from './errors';
import { FontNames } from './fonts';
import { openDocument, type PdfJsModule, type PdfJsSetup } from './open-document';
import { readOutline } from './outline';
import { readPage } from './read-page';
import { untilAborted, withinTime } from './deadline';
import { pacer } from '../../core/yield';

export type { PdfJsModule, PdfJsResources, PdfJsThread } from './open-document';

export interface ReadPdfOptions {
  /** Called after each page with stage 'parsing', counted in pages. */
  onProgress?: (progress: Progress) => void;
  /** Checked between pages; an aborted read throws IngestError 'cancelled'. */
  signal?: AbortSignal;
  /** Each page as soon as it has been read. */
  onPage?: (page: PdfPage) => void;
  /** Return a document without any text layer instead of failing with 'no-text' (OCR reads it next). */
  allowTextless?: boolean;
  /**
   * How long one page may take (its text, fonts and annotations) before it is abandoned and
   * skipped; default PAGE_TIME_LIMIT_MS. Only enforced when pdf.js runs in a thread of its own
   * (`startWorker`): in this thread a stuck page holds the thread and no timer can fire.
   */
  pageTimeLimitMs?: number;
}

/**
 * A page that takes longer is skipped. pdf.js's text extraction is quadratic in the nesting of
 * `q` operators (200,000 of them take minutes); ordinary pages take well under a second and the
 * heaviest seen (30,000 runs, a filing's largest tables) a few seconds.
 */
const PAGE_TIME_LIMIT_MS = 15_000;

/** Work between two yields to the event loop while pages are read. */
const PAGE_LOOP_BUDGET_MS = 25;

/** Reads every page's positioned text, the outline and the title. Errors are IngestErrors naming the file. */
export async function extractPdf(pdfjs: PdfJsModule, data: Uint8Array, fileName: string, options: ReadPdfOptions = {}, resources: PdfJsSetup = {}): Promise<PdfSource> {
  checkBytes(data, fileName);
  const { signal, onProgress } = options;
  if (signal?.aborted) throw cancelled(fileName);
  const limitMs = options.pageTimeLimitMs ?? PAGE_TIME_LIMIT_MS;
  let opened = openDocument(pdfjs, data, resources);
  // Aborting also stops a long load or page read that is under way.
  const stop = () => opened.close();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const doc = await untilAborted(opened.task.promise, signal);
    if (!(doc.numPages > 0)) throw noText(fileName, 0);
    let current = doc;
    const viewports: PageViewport[] = [];
    const pages: PdfPage[] = [];
    let fonts = new FontNames();
    // With pdf.js in this thread, page reads resolve as microtasks only: without handing the
    // thread back now and then, the worker hears no Cancel or search until the last page.
    const pace = pacer(PAGE_LOOP_BUDGET_MS);
    for (let n = 1; n <= doc.numPages; n++) {
      await pace(signal);
      if (signal?.aborted) throw cancelled(fileName);
      const read = readPage(pdfjs, current, n, fonts, viewports);
      const outcome = opened.thread ? await withinTime(read, limitMs, signal) : { value: await read };
      if (signal?.aborted) throw cancelled(fileName);
      let page: PdfPage;
      if ('value' in outcome) {
        page = outcome.value;
      } else {
        // pdf.js is stuck on this page: end its thread, skip the page and go on in a fresh one.
        const viewport = viewports[n - 1];
        page = { page: n, width: viewport?.width ?? 0, height: viewport?.height ?? 0, items: [], error: 'it could not be read in time', timedOut: true };
        opened.close();
        opened = openDocument(pdfjs, data, resources);
        current = await untilAborted(opened.task.promise, signal);
        // Font ids are per loaded document: the new one may reuse them for other fonts.
        fonts = new FontNames();
      }
      pages.push(page);
      options.onPage?.(page);
      onProgress?.({ stage: 'parsing', done: n, total: doc.numPages });
    }
    if (pages.every((p) => p.error)) {
      if (pages.every((p) => p.timedOut))
        throw new IngestError(
          'corrupt',
          fileName,
          `This PDF could not be read in time: ${pages.length === 1 ? 'its only page' : `each of its ${pages.length} pages`} took more than ${Math.round(limitMs / 1000)} s to read and was skipped.`,
        );
      throw toIngestError(new Error(pages.find((p) => !p.timedOut)?.error ?? pages[0].error), fileName, { encrypted: hasEncryptDictionary(data) });
    }
    if (!options.allowTextless && !pages.some((p) => p.items.length > 0)) throw noText(fileName, pages.length);
    const final = current;
    const outline = opened.thread
      ? await withinTime(
          readOutline(final, (page) => viewports[page - 1]),
          limitMs,
          signal,
        ).then((o) => ('value' in o ? o.value : []))
      : await readOutline(final, (page) => viewports[page - 1]);
    const title = opened.thread ? await withinTime(readTitle(final), limitMs, signal).then((t) => ('value' in t ? t.value : null)) : await readTitle(final);
    return { title, pages, outline };
  } catch (error) {
    throw signal?.aborted ? cancelled(fileName) : toIngestError(error, fileName, { encrypted: hasEncryptDictionary(data) });
  } finally {
    signal?.removeEventListener('abort', stop);
    opened.close();
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
