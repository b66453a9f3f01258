import { describe, expect, it } from 'vitest';
import { previewPageText } from './preview';
import type { PdfPage } from './source';

const item = (text: string, y: number) => ({ text, x: 72, y, width: text.length * 5, fontSize: 10, font: 'Body', bold: false, italic: false, hasEOL: true });

describe('previewPageText', () => {
  it('reads one page with the document layout rules', () => {
    const page: PdfPage = { page: 3, width: 612, height: 792, items: [item('Kelp farms grow fast.', 100), item('The harvest is in spring.', 112)] };
    expect(previewPageText(page)).toContain('Kelp farms grow fast.');
  });

  it('gives empty text for a page without text instead of failing', () => {
    expect(previewPageText({ page: 1, width: 612, height: 792, items: [] })).toBe('');
    expect(previewPageText({ page: 1, width: 612, height: 792, items: [], error: 'bad page' })).toBe('');
  });
});
