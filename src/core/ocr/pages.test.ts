import { describe, expect, it } from 'vitest';
import type { Progress } from '../types';
import { type PdfPage, type PdfSource, type PdfTextItem, parsePdfSource } from '../parse';
import { pageRange } from '../chunk';
import { isIngestError } from '../errors';
import type { OcrEngine, OcrLine, OcrResult } from './engine';
import { ocrScannedPages, type PageRenderer } from './pages';
import { pagesNeedingOcr } from './plan';

const W = 612;
const H = 792;
/** Pages render at twice their size in points. */
const SCALE = 2;

const typed = (text: string, y: number): PdfTextItem => ({ text, x: 72, y, width: 300, fontSize: 10, font: 'Helvetica', bold: false, italic: false, hasEOL: true });
const page = (n: number, items: PdfTextItem[] = [], extra: Partial<PdfPage> = {}): PdfPage => ({ page: n, width: W, height: H, items, ...extra });

/** OCR lines in pixels, 24 px apart, body text of 10 pt. */
const lines = (confidence: number, ...texts: string[]): OcrLine[] =>
  texts.map((text, i) => ({ text, confidence, x0: 144, y0: 200 + 28 * i, x1: 800, y1: 220 + 28 * i, baseline: 214 + 28 * i }));

const render: PageRenderer = async (n) => ({ width: W * SCALE, height: H * SCALE, bytes: Uint8Array.of(n) });

/** An engine that reads what `byPage` says for each page (the rendered bytes carry the page number). */
function fakeEngine(byPage: Record<number, OcrResult | Error>): OcrEngine & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    async recognize(image, signal) {
      signal?.throwIfAborted();
      calls.push(image[0]);
      const r = byPage[image[0]];
      if (r instanceof Error) throw r;
      return r;
    },
  };
}

const source = (pages: PdfPage[]): PdfSource => ({ title: 'Harbour records', pages, outline: [] });

const mixed = () => source([page(1, [typed('The typed cover page of the harbour records.', 100)]), page(2), page(3), page(4, [], { error: 'bad content stream' })]);

describe('pagesNeedingOcr', () => {
  it('picks pages read without error that have no text', () => {
    expect(pagesNeedingOcr(mixed().pages)).toEqual([2, 3]);
    expect(pagesNeedingOcr([page(1, [typed('  ', 10)]), page(2, [], { ocr: { confidence: 0, verdict: 'blank' } })])).toEqual([1]);
  });
});

describe('ocrScannedPages', () => {
  it('reads only the pages without a text layer, reporting progress page by page', async () => {
    const engine = fakeEngine({ 2: { lines: lines(91, 'The breakwater was finished in March.') }, 3: { lines: lines(45, 'Tbe foghorn is tested on Tuesdays.') } });
    const progress: Progress[] = [];
    const out = await ocrScannedPages(mixed(), render, engine, { onProgress: (p) => progress.push(p) });
    expect(engine.calls).toEqual([2, 3]);
    expect(progress).toEqual([0, 1, 2].map((done) => ({ stage: 'ocr', done, total: 2 })));
    expect(out.ocr).toEqual({ status: 'done' });
    expect(out.pages[0]).toEqual(mixed().pages[0]);
    expect(out.pages[1].ocr).toEqual({ confidence: 91, verdict: 'read' });
    // Pixels become points: the line's left edge at 144 px is 72 pt, its baseline at 214 px is 107 pt.
    expect(out.pages[1].items[0]).toMatchObject({ text: 'The breakwater was finished in March.', x: 72, y: 107, fontSize: 10 });
  });

  it('keeps page numbers, marks OCR pages with their confidence and names low-confidence pages', async () => {
    const engine = fakeEngine({ 2: { lines: lines(91, 'The breakwater was finished in March.') }, 3: { lines: lines(45, 'Tbe foghorn is tested on Tuesdays.') } });
    const doc = parsePdfSource(await ocrScannedPages(mixed(), render, engine), 'records.pdf');
    const at = (word: string) => doc.pages.find((p) => p.start <= doc.text.indexOf(word) && doc.text.indexOf(word) < p.end)!;
    expect(at('typed cover')).toEqual(expect.not.objectContaining({ ocr: expect.anything() }));
    expect(at('breakwater')).toMatchObject({ page: 2, ocr: { confidence: 91 } });
    expect(at('foghorn')).toMatchObject({ page: 3, ocr: { confidence: 45 } });
    expect(doc.warnings).toContain('2 pages had no text layer and were read by OCR (pages 2, 3)');
    expect(doc.warnings.find((w) => /low/.test(w))).toMatch(/OCR confidence is low \(under 60%\) on page 3 \(45%\)/);
    // A chunk over pages 2–3 carries the lowest confidence of its OCR pages; one on the typed page none.
    const start = doc.text.indexOf('breakwater');
    expect(pageRange(doc.pages, start, doc.text.indexOf('Tuesdays'))).toEqual({ pageStart: 2, pageEnd: 3, ocr: { confidence: 45 } });
    expect(pageRange(doc.pages, 0, 5)).toEqual({ pageStart: 1, pageEnd: 1 });
  });

  it('drops garbage with a warning naming the page, never indexing it', async () => {
    const engine = fakeEngine({ 2: { lines: lines(92, 'The breakwater was finished in March.') }, 3: { lines: lines(12, 'i1l ~ rn;. ,mm') } });
    const doc = parsePdfSource(await ocrScannedPages(mixed(), render, engine), 'records.pdf');
    expect(doc.text).not.toMatch(/rn;|mm/);
    expect(doc.warnings).toContain('OCR could not read page 3 (12%): the text it guessed was left out');
    expect(doc.warnings).toContain('1 page had no text layer and was read by OCR (page 2)');
  });

  it('stops at an engine failure and says which pages went unread and why', async () => {
    const engine = fakeEngine({ 2: new Error('the OCR worker stopped') });
    const out = await ocrScannedPages(mixed(), render, engine);
    expect(out.ocr).toEqual({ status: 'failed', reason: 'the OCR worker stopped' });
    expect(engine.calls).toEqual([2]);
    const doc = parsePdfSource(out, 'records.pdf');
    expect(doc.warnings).toContain('2 pages had no text and may be scanned images (pages 2, 3); OCR failed (the OCR worker stopped)');
  });

  it('refuses a scan with nothing readable, saying OCR found nothing', async () => {
    const engine = fakeEngine({ 1: { lines: lines(8, '~ ,. i1') } });
    const out = await ocrScannedPages(source([page(1)]), render, engine);
    const error = (() => {
      try {
        parsePdfSource(out, 'blank.pdf');
      } catch (e) {
        return e;
      }
    })();
    expect(isIngestError(error) && error.code).toBe('no-text');
    expect((error as Error).message).toMatch(/^blank\.pdf: No readable text was found in this PDF, even by OCR \(OCR could not read page 1: 8%\)/);
  });

  it('rejects when cancelled, before reading another page', async () => {
    const controller = new AbortController();
    const engine = fakeEngine({ 2: { lines: lines(90, 'First scanned page.') }, 3: { lines: lines(90, 'Second.') } });
    const onProgress = (p: Progress) => p.done === 1 && controller.abort();
    await expect(ocrScannedPages(mixed(), render, engine, { onProgress, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.calls).toEqual([2]);
  });

  it('without OCR (Node) a page with no text is named, and OCR said to be unavailable', () => {
    const doc = parsePdfSource(mixed(), 'records.pdf');
    expect(doc.warnings).toContain('2 pages had no text and may be scanned images (pages 2, 3); OCR is not supported here (only the browser app reads scans)');
  });
});
