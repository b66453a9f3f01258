/**
 * Parsing documents into text with pages, sections and tables: plain text, Markdown, HTML and PDF
 * (from positioned text items a PDF library extracts: lines, paragraphs, columns, running headers,
 * tables, the outline), and detecting a file's kind from its bytes.
 */
export { describeBytes, detectKind, unsupportedReason } from './detect';
export { parseHtml } from './html';
export { readImageText } from './image';
export { parseMarkdown } from './markdown';
export { parsePdfSource, parsePdfSourcePaced } from './pdf/parse';
export { previewPageText } from './pdf/preview';
export type { PdfOutlineEntry, PdfPage, PdfPageOcr, PdfSource, PdfTextItem } from './pdf/source';
export { assertHasBytes, decodeBytes, fileStem, toBytes } from './source';
export { parsePlainText } from './text';
