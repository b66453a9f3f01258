/**
 * Document cards: what a person would call a document, what its first page says it is, the
 * names it goes by and its period; and which documents a question names.
 */
export type { DocumentCard, DocumentPeriod } from './types';
export { describeDocument, isCode, prettyFileName } from './card';
export { periodLabel } from './period';
export { routeQuestion, type RoutedDocument } from './route';
