import { parsePdfSource } from './parse';
import type { PdfPage } from './source';

/**
 * A page's text as it will probably read in the finished document: the same layout rules on
 * the page alone (so without cross-page clean-up such as running headers). Used to start
 * embedding before the whole file is read; '' when the page yields nothing.
 */
export function previewPageText(page: PdfPage): string {
  try {
    return parsePdfSource({ title: null, pages: [page], outline: [] }, '').text;
  } catch {
    return '';
  }
}
