import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Progress } from '../../core/types';
import type { PdfPage, PdfSource, PdfTextItem } from '../../core/parse/pdf/source';
import { IngestError } from '../../core/errors';
import { cancelled, checkBytes, hasEncryptDictionary, noText, toIngestError } from './errors';
import { FontNames } from './fonts';
import { readOutline } from './outline';
import { pacer } from '../../core/yield';

export type PdfJsModule = Pick<typeof PdfJs, 'getDocument' | 'Util'> & Partial<Pick<typeof PdfJs, 'PDFWorker'>>;

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
 * A pdf.js worker in a thread of its own: `port` is what pdf.js talks to (a Worker or a
 * MessagePort); `terminate` ends the thread at once, even in the middle of a page.
 */
export interface PdfJsThread {
  port: unknown;
  terminate(): void;
}

/** Where pdf.js may load its own data files from (local paths or same-origin URLs, never a CDN). */
export interface PdfJsResources {
  cMapUrl?: string;
  standardFontDataUrl?: string;
}

interface Setup extends PdfJsResources {
  /** Replaces pdf.js's loader for those files (see fetch-data.ts). */
  BinaryDataFactory?: unknown;
  /**
   * Starts pdf.js's worker in a thread of its own (browser: a nested Web Worker; Node: a worker
   * thread). Then a page that runs past its time limit, or a cancel, ends that thread instead of
   * waiting for pdf.js; without it (or when it throws), pdf.js runs in this thread.
   */
  startWorker?: () => PdfJsThread;
}

/**
 * A page that takes longer is skipped. pdf.js's text extraction is quadratic in the nesting of
 * `q` operators (200,000 of them take minutes); ordinary pages take well under a second and the
 * heaviest seen (30,000 runs, a filing's largest tables) a few seconds.
 */
const PAGE_TIME_LIMIT_MS = 15_000;

/** Work between two yields to the event loop while pages are read. */
const PAGE_LOOP_BUDGET_MS = 25;

type TextItem = Extract<Awaited<ReturnType<PdfJs.PDFPageProxy['getTextContent']>>['items'][number], { str: string }>;

/** Reads every page's positioned text, the outline and the title. Errors are IngestErrors naming the file. */
export async function extractPdf(pdfjs: PdfJsModule, data: Uint8Array, fileName: string, options: ReadPdfOptions = {}, resources: Setup = {}): Promise<PdfSource> {
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

interface OpenedDocument {
  task: ReturnType<PdfJsModule['getDocument']>;
  /** The thread pdf.js runs in; null when it runs in this one. */
  thread: PdfJsThread | null;
  close(): void;
}

function openDocument(pdfjs: PdfJsModule, data: Uint8Array, resources: Setup): OpenedDocument {
  let thread: PdfJsThread | null = null;
  let worker: InstanceType<typeof PdfJs.PDFWorker> | null = null;
  if (resources.startWorker && pdfjs.PDFWorker) {
    try {
      thread = resources.startWorker();
      worker = new pdfjs.PDFWorker({ port: thread.port as never, verbosity: 0 });
    } catch {
      thread?.terminate();
      thread = worker = null;
    }
  }
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
    ...(worker ? { worker } : {}),
    ...(resources.cMapUrl ? { cMapUrl: resources.cMapUrl, cMapPacked: true } : {}),
    ...(resources.standardFontDataUrl ? { standardFontDataUrl: resources.standardFontDataUrl } : {}),
    ...(resources.BinaryDataFactory ? { BinaryDataFactory: resources.BinaryDataFactory } : {}),
  });
  let closed = false;
  return {
    task,
    thread,
    close() {
      if (closed) return;
      closed = true;
      // The thread first: a pdf.js that is stuck would never answer the destroy request.
      thread?.terminate();
      void task.destroy().catch(() => undefined);
      worker?.destroy();
    },
  };
}

/** The promise's value, or that the time ran out first (an abort rejects at once). */
function withinTime<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<{ value: T } | { timedOut: true }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve({ timedOut: true });
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        resolve({ value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** The promise's outcome, or the signal's reason as soon as it is aborted (a destroyed pdf.js may never settle). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

async function readPage(pdfjs: PdfJsModule, doc: PDFDocumentProxy, n: number, fonts: FontNames, viewports: PageViewport[]): Promise<PdfPage> {
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
      const angle = Math.round(((Math.atan2(b, a) * 180) / Math.PI) * 100) / 100;
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
    items.push(...annotationItems(await readAnnotations(page), viewport, items));
    page.cleanup();
    return { page: n, width, height, items };
  } catch (error) {
    if ((error as { name?: string })?.name === 'PasswordException') throw error;
    return { page: n, width, height, items: [], error: (error as Error)?.message ?? String(error) };
  }
}

type Annotation = Awaited<ReturnType<PdfJs.PDFPageProxy['getAnnotations']>>[number];

async function readAnnotations(page: PdfJs.PDFPageProxy): Promise<Annotation[]> {
  try {
    return await page.getAnnotations({ intent: 'display' });
  } catch {
    // Damaged annotations do not make the page's own text unreadable.
    return [];
  }
}

/** pdf.js's annotation flags: hidden (2) and no-view (32) are never shown. */
const UNSHOWN_FLAGS = 2 | 32;

/**
 * The text an annotation shows or holds, as lines: a FreeText box's or a comment's contents, a
 * text field's value, a list box's options (a combo box's chosen value only: its other options
 * are not shown). Password fields, buttons and links give none.
 */
function annotationLines(a: Annotation): string[] {
  if (typeof a.annotationFlags === 'number' && a.annotationFlags & UNSHOWN_FLAGS) return [];
  const contents = (): string => (typeof a.contentsObj?.str === 'string' ? a.contentsObj.str : '');
  let text: string[] = [];
  if (a.subtype === 'FreeText' || a.subtype === 'Text') {
    text = [contents()];
  } else if (a.subtype === 'Widget' && !a.hidden) {
    if (a.fieldType === 'Tx' && !a.password) {
      text = [typeof a.fieldValue === 'string' ? a.fieldValue : ''];
    } else if (a.fieldType === 'Ch') {
      const options: Array<{ exportValue?: unknown; displayValue?: unknown }> = Array.isArray(a.options) ? a.options : [];
      const shown = (value: unknown) => {
        const option = options.find((o) => o.exportValue === value || o.displayValue === value);
        return String(option?.displayValue ?? value ?? '');
      };
      const values: unknown[] = Array.isArray(a.fieldValue) ? a.fieldValue : a.fieldValue != null ? [a.fieldValue] : [];
      text = a.combo ? values.map(shown) : options.length > 0 ? options.map((o) => String(o.displayValue ?? o.exportValue ?? '')) : values.map(shown);
    }
  }
  return text
    .flatMap((t) => t.split(/\r\n|[\r\n\u2028\u2029]/))
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * Annotations' text as runs placed in their rectangles, one line under another, for the layout
 * clean-up to order with the page's own text. Text the page itself already draws (a form
 * flattened into the page that kept its fields, a stamp repeated in a comment) is left out.
 */
function annotationItems(annotations: Annotation[], viewport: PageViewport, pageItems: PdfTextItem[]): PdfTextItem[] {
  const out: PdfTextItem[] = [];
  if (annotations.length === 0) return out;
  const pageText = squash(pageItems.map((i) => i.text).join(''));
  for (const a of annotations) {
    const lines = annotationLines(a).filter((line) => !pageText.includes(squash(line)));
    if (lines.length === 0 || !Array.isArray(a.rect) || a.rect.length !== 4 || !a.rect.every(Number.isFinite)) continue;
    const [x1, y1, x2, y2] = viewport.convertToViewportRectangle(a.rect) as number[];
    const left = Math.min(x1, x2);
    const top = Math.min(y1, y2);
    const boxWidth = Math.abs(x2 - x1);
    const boxHeight = Math.abs(y2 - y1);
    const declared = Number(a.defaultAppearanceData?.fontSize);
    // An automatic (0) or missing size: what fits the box, within ordinary text sizes.
    const fontSize = declared > 0 && declared < 200 ? declared : Math.max(6, Math.min(12, boxHeight / Math.max(1, lines.length) / 1.2 || 10));
    const font = typeof a.defaultAppearanceData?.fontName === 'string' && a.defaultAppearanceData.fontName ? a.defaultAppearanceData.fontName : 'annotation';
    lines.forEach((text, i) => {
      out.push({
        text,
        x: left + 2,
        y: top + fontSize * (1.2 * i + 1),
        // About half an em a character, and no wider than the box, as a box wraps what it holds.
        width: Math.min(text.length * fontSize * 0.5, Math.max(boxWidth - 4, fontSize)),
        fontSize,
        font,
        bold: false,
        italic: false,
        hasEOL: true,
        annotation: true,
      });
    });
  }
  return out;
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
