import type { FiscalCalendar } from './calendar';

/** When the document speaks for: a fiscal year, a quarter, or the date of an event. */
export interface DocumentPeriod {
  /** A fiscal year, a quarter, the date of an event (a current report, a press release) or of an annual meeting (a proxy statement). */
  kind: 'annual' | 'quarter' | 'event' | 'meeting';
  /** The fiscal year (for a year ending in the first days of January, the year before). */
  year: number;
  /** 1–4 for quarterly reports. */
  quarter?: number;
  /** The date as the document gives it ("December 31, 2022"). */
  ended?: string;
  /**
   * What an event or meeting reports on, as the document states it: the fiscal quarter whose
   * results a release gives, or the fiscal year whose pay a proxy statement describes.
   */
  covers?: { year: number; quarter?: number };
}

/**
 * What a person would call a document and what its first page says it is. The card's title
 * and line go into every chunk header, so a chunk of "ADBE 10K FY17" still says "Adobe".
 */
export interface DocumentCard {
  title: string;
  /** One line: what the document is, from its first page ("Form 10-K annual report for the fiscal year ended …"). */
  about?: string;
  /** Organisation, ticker symbols and file-name words the document goes by: the names questions use. */
  names: string[];
  /** The organisation it is by or about, as it names itself ("MGM Resorts International"). */
  company?: string;
  /** What kind of document it is: "10-K", "10-Q", "8-K", "earnings release", "proxy statement". */
  form?: string;
  period?: DocumentPeriod;
  /** The fiscal calendar the document states (the month its year ends, the year it names it by), where it states one. */
  calendar?: FiscalCalendar;
}

/** The names a document goes by, one list: its card's names, title and company (what a question may call it). */
export function cardNames(card: Pick<DocumentCard, 'names' | 'title' | 'company'>): string[] {
  return [...card.names, card.title, card.company ?? ''];
}
