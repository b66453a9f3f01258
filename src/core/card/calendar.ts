/**
 * Fiscal calendars, read from a document itself: the month a company's fiscal year ends in and
 * how it names its years, so a period's fiscal year and quarter are the company's own ("Q2 of
 * fiscal 2023" for a quarter ended December 31, 2022 of a year that ends on June 30).
 *
 * Months are counted as one number, year × 12 + month − 1. A period that ends in the first week
 * of a month (a 52/53-week year: "July 1, 2023", "January 1, 2023") ends in the month before.
 * Dates themselves are read by text/dates, the one date reader.
 */

import { DATE_PATTERN, FIRST_WEEK, parseDate } from '../text';

/** When a company's fiscal year ends, and which calendar year names it. */
export interface FiscalCalendar {
  /** 1–12: the month the fiscal year ends in. */
  endMonth: number;
  /** 'end': fiscal 2023 ends in 2023 (most companies); 'start': fiscal 2022 ends in January 2023 (some retailers). */
  naming: 'end' | 'start';
}

/** The calendar of a company whose fiscal year is the calendar year. */
export const CALENDAR_YEAR: FiscalCalendar = { endMonth: 12, naming: 'end' };

/** The month a period printed as ending on `date` ends in, as a count of months; undefined without a full date. */
export function endingMonth(date: string | undefined): number | undefined {
  const d = parseDate(date);
  if (!d) return undefined;
  const index = d.year * 12 + d.month - 1;
  return d.day <= FIRST_WEEK ? index - 1 : index;
}

/**
 * The fiscal year and quarter a period ending in month `end` belongs to under calendar `c`: the
 * year of the first fiscal year end at or after it, and the quarter it ends (undefined when it
 * ends no quarter of that year).
 */
export function fiscalPeriodOf(end: number, c: FiscalCalendar): { year: number; quarter?: number } {
  let yearEnd = Math.floor(end / 12) * 12 + c.endMonth - 1;
  if (yearEnd < end) yearEnd += 12;
  const back = yearEnd - end;
  const year = Math.floor(yearEnd / 12) - (c.naming === 'start' ? 1 : 0);
  return back % 3 === 0 ? { year, quarter: 4 - back / 3 } : { year };
}

/** The month fiscal quarter `quarter` (4: the year) of fiscal year `year` ends in, under calendar `c`. */
export function fiscalQuarterEnd(year: number, quarter: number, c: FiscalCalendar): number {
  const endYear = year + (c.naming === 'start' ? 1 : 0);
  return endYear * 12 + c.endMonth - 1 - 3 * (4 - quarter);
}

/** One piece of evidence of a calendar: a period of `months` printed as ending on a date, or a fiscal year a text ties to a date. */
export interface CalendarEvidence {
  /** The month it ends in (endingMonth). */
  end: number;
  /** 12: a fiscal year ended then; 6 or 9: its second or third quarter ended then. */
  months: 6 | 9 | 12;
}

const YEAR_ENDED = new RegExp(String.raw`\b(?:fiscal\s+)?years?\s+end(?:ed|ing)\s*:?\s*(?:on\s+)?(${DATE_PATTERN})`, 'gi');
const YEAR_TO_DATE = new RegExp(String.raw`\b(six|nine|6|9)[\s-]+months?\s+(?:periods?\s+)?end(?:ed|ing)\b[^0-9]{0,40}?(${DATE_PATTERN})`, 'gi');
/** "fiscal 2023 ended January 31, 2023", "January 28, 2023 (fiscal 2022)": the year a company names a date's fiscal year by. */
const NAMED_YEAR = new RegExp(
  String.raw`\bfiscal\s+(?:year\s+)?((?:19|20)\d\d)\b[^.;]{0,60}?\bend(?:ed|ing|s)\b[^.;0-9]{0,20}?(${DATE_PATTERN})|(${DATE_PATTERN})\s*\(?\s*[“"]?\s*fiscal\s+(?:year\s+)?((?:19|20)\d\d)\b`,
  'gi',
);
const QUARTER_NAMED = new RegExp(
  String.raw`\b(first|second|third|fourth)[\s-]+(?:fiscal\s+)?quarter\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)((?:19|20)\d\d)\b[^.;]{0,40}?\bend(?:ed|ing)\b[^.;0-9]{0,12}?(${DATE_PATTERN})`,
  'gi',
);
const ORDINAL = ['first', 'second', 'third', 'fourth'];

/**
 * The fiscal calendar a document states, by what it prints most: the dates its fiscal years end
 * ("for the fiscal year ended September 24, 2022"); else the dates its six- and nine-month periods
 * end, which are its second and third quarters' ends ("Nine Months Ended July 1, 2023"); else a
 * quarter it names with its end ("second quarter of fiscal 2024 ended July 31, 2023"). The year's
 * name is the one the text ties to a date's fiscal year ("fiscal 2022 ended January 28, 2023"),
 * else the year it ends in. Undefined when the text states none of these.
 */
export function readCalendar(text: string): FiscalCalendar | undefined {
  const evidence: CalendarEvidence[] = [];
  for (const m of text.matchAll(YEAR_ENDED)) {
    const end = endingMonth(m[1]);
    if (end !== undefined) evidence.push({ end, months: 12 });
  }
  for (const m of text.matchAll(YEAR_TO_DATE)) {
    const end = endingMonth(m[2]);
    if (end !== undefined) evidence.push({ end, months: /^(?:nine|9)$/i.test(m[1]) ? 9 : 6 });
  }
  const named: Array<{ end: number; quarter: number; year: number }> = [];
  for (const m of text.matchAll(QUARTER_NAMED)) {
    const end = endingMonth(m[3]);
    if (end !== undefined) named.push({ end, quarter: ORDINAL.indexOf(m[1].toLowerCase()) + 1, year: Number(m[2]) });
  }
  const endMonth = calendarEndMonth(evidence) ?? (named.length ? monthOfYearEnd(named[0].end + 3 * (4 - named[0].quarter)) : undefined);
  if (endMonth === undefined) return undefined;
  return { endMonth, naming: namingOf(text, endMonth, named) };
}

/** The month of the year (1–12) a count of months falls in. */
function monthOfYearEnd(index: number): number {
  return (((index % 12) + 12) % 12) + 1;
}

/** The year-end month most evidence points to: a year's end itself, or three or six months after a third or second quarter's end. */
export function calendarEndMonth(evidence: CalendarEvidence[]): number | undefined {
  const votes = new Map<number, number>();
  // A year's end says it outright; a quarter's, only where no year end is printed.
  const years = evidence.filter((e) => e.months === 12);
  for (const e of years.length ? years : evidence) {
    const month = monthOfYearEnd(e.end + (e.months === 9 ? 3 : e.months === 6 ? 6 : 0));
    votes.set(month, (votes.get(month) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [month, n] of votes) if (best === undefined || n > votes.get(best)!) best = month;
  return best;
}

/** Named by its start only where the text ties a fiscal year to a date of the next calendar year ("fiscal 2022 ended January 28, 2023"). */
function namingOf(text: string, endMonth: number, named: Array<{ end: number; quarter: number; year: number }>): FiscalCalendar['naming'] {
  const byEnd: FiscalCalendar = { endMonth, naming: 'end' };
  let start = 0;
  let end = 0;
  const count = (year: number, month: number) => {
    const own = fiscalPeriodOf(month, byEnd).year;
    if (year === own - 1) start++;
    else if (year === own) end++;
  };
  for (const m of text.matchAll(NAMED_YEAR)) {
    const month = endingMonth(m[2] ?? m[3]);
    if (month !== undefined) count(Number(m[1] ?? m[4]), month);
  }
  for (const q of named) count(q.year, q.end);
  return start > end ? 'start' : 'end';
}

/** A table column's period, as the tables reader gives it: its fiscal year, quarter, months and printed end date. */
interface ColumnPeriod {
  fy: number;
  quarter?: number;
  months?: number;
  label: string;
}

/**
 * The calendar a document's table columns show: the end dates of its twelve-month columns, else
 * of its six- and nine-month columns (the second and third quarters' ends). Undefined when no
 * column prints such a date. The year is named by its end (a card that read the text says more).
 */
export function calendarOfColumns(periods: Array<ColumnPeriod | undefined>): FiscalCalendar | undefined {
  const evidence: CalendarEvidence[] = [];
  for (const p of periods) {
    if (!p || (p.months !== 12 && p.months !== 9 && p.months !== 6)) continue;
    const end = endingMonth(p.label);
    if (end !== undefined) evidence.push({ end, months: p.months });
  }
  const endMonth = calendarEndMonth(evidence);
  return endMonth === undefined ? undefined : { endMonth, naming: 'end' };
}

/**
 * A column's period by the company's calendar: a column printed as ending on a date belongs to
 * the fiscal year (and, for three months, the quarter) that date ends in the calendar. A column
 * without a full date (a bare year under "Fiscal Year Ended") keeps the year it prints.
 */
export function withCalendar<P extends ColumnPeriod>(p: P, c: FiscalCalendar): P {
  const end = endingMonth(p.label);
  if (end === undefined) return p;
  const own = fiscalPeriodOf(end, c);
  const quarter = p.months === 3 && own.quarter ? { quarter: own.quarter } : {};
  return { ...p, fy: own.year, ...quarter };
}
