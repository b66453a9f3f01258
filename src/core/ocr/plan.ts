import type { PdfPage } from '../parse';

/**
 * The pages OCR should read: those pdf.js read without error and found no text on. A page
 * with a text layer keeps it (its text is exact), even inside a document of scans.
 */
export function pagesNeedingOcr(pages: PdfPage[]): number[] {
  return pages.filter((p) => !p.error && !p.ocr && !p.items.some((i) => i.text.trim() !== '')).map((p) => p.page);
}
