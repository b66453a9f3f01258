/** When the document speaks for: a fiscal year, a quarter, or the date of an event. */
export interface DocumentPeriod {
  kind: 'annual' | 'quarter' | 'event';
  /** The fiscal year (for a year ending in the first days of January, the year before). */
  year: number;
  /** 1–4 for quarterly reports. */
  quarter?: number;
  /** The date as the document gives it ("December 31, 2022"). */
  ended?: string;
  /** For an event (an earnings release): the fiscal quarter whose results it reports, as the document states it. */
  covers?: { year: number; quarter: number };
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
  period?: DocumentPeriod;
}
