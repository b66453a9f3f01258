export { parsePdfSource } from './parse';
export type { PdfSource, PdfPage, PdfTextItem, PdfOutlineEntry } from './source';
