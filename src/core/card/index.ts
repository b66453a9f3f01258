/**
 * Document cards: what a person would call a document, what its first page says it is, the
 * names it goes by and its period; and which documents a question names.
 */
export type { DocumentCard, DocumentPeriod } from './types';
export { cardNames } from './types';
export { describeDocument, isCode, prettyFileName } from './card';
export { abbreviates } from './names';
export { periodLabel } from './period';
export { CALENDAR_YEAR, calendarOfColumns, endingMonth, fiscalPeriodOf, fiscalQuarterEnd, readCalendar, withCalendar } from './calendar';
export { monthLabel, parseDate } from '../text';
export type { FiscalCalendar } from './calendar';
export { routeQuestion, type RoutedDocument } from './route';
