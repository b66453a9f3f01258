/**
 * Reading scanned pages: which PDF pages need OCR, the OcrEngine interface, turning recognised
 * lines into page text with positions, and the warnings a low-confidence read carries.
 */
export type { GreyImage, OcrEngine, OcrLine, OcrResult } from './engine';
export { ocrPage } from './to-page';
export { ocrScannedPages } from './pages';
export { encodePgm, renderScale } from './pgm';
export { pagesNeedingOcr } from './plan';
export { LOW_CONFIDENCE } from './quality';
export { markOcrSpans, noTextReason, ocrWarnings, readByOcrNote } from './warnings';
