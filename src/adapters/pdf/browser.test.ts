import { describe, expect, it } from 'vitest';
import type { PdfPage, PdfSource, PdfTextItem } from '../../core/parse';
import { onlyAnnotations, restoreAnnotations } from './browser';

const item = (text: string, y: number, annotation = false): PdfTextItem => ({
  text,
  x: 72,
  y,
  width: 200,
  fontSize: 10,
  font: 'Helvetica',
  bold: false,
  italic: false,
  hasEOL: true,
  ...(annotation ? { annotation: true as const } : {}),
});
const page = (n: number, items: PdfTextItem[], extra: Partial<PdfPage> = {}): PdfPage => ({ page: n, width: 612, height: 792, items, ...extra });
const source = (pages: PdfPage[]): PdfSource => ({ title: null, pages, outline: [] });

describe('annotation text on pages OCR reads', () => {
  const comment = item('Reviewer note: check the tonnage figure.', 40, true);
  const field = item('MV Northern Tern', 60, true);
  const before = source([page(1, [comment, field]), page(2, [item('Typed text', 100), comment]), page(3, [field])]);

  it('sends only pages whose sole text is annotations to OCR', () => {
    expect(before.pages.map(onlyAnnotations)).toEqual([true, false, true]);
  });

  it('keeps what OCR read and adds the annotation text it did not read, once', () => {
    const read = source([
      // The field's value is drawn by its appearance, so OCR read it; the comment is an icon.
      page(1, [item('Scanned survey page', 120), item('MV Northern Tern', 60)], { ocr: { confidence: 91, verdict: 'read' } }),
      before.pages[1],
      // OCR found nothing on page 3: it stays as it was read, annotations only, and not marked as OCR.
      page(3, [], { ocr: { confidence: 0, verdict: 'blank' } }),
    ]);
    const out = restoreAnnotations(read, before);
    expect(out.pages[0].items.map((i) => i.text)).toEqual(['Scanned survey page', 'MV Northern Tern', 'Reviewer note: check the tonnage figure.']);
    expect(out.pages[0].ocr?.verdict).toBe('read');
    expect(out.pages[1]).toBe(before.pages[1]);
    expect(out.pages[2]).toEqual(before.pages[2]);
  });

  it('gives a page OCR did not reach (it stopped) its annotation text back', () => {
    const read = { ...source([page(1, []), before.pages[1], page(3, [])]), ocr: { status: 'failed' as const, reason: 'engine failed' } };
    const out = restoreAnnotations(read, before);
    expect(out.pages[0].items).toEqual(before.pages[0].items);
    expect(out.ocr).toEqual(read.ocr);
  });
});
