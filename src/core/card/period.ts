import type { DocumentPeriod } from './types';
import { DATE_PATTERN, dateLabel, fiscalYearOf, parseDate } from '../text';
import { endingMonth, fiscalPeriodOf, type FiscalCalendar } from './calendar';
const DATE = String.raw`(${DATE_PATTERN})`;
const ANNUAL = new RegExp(String.raw`for\s+the\s+(?:fiscal\s+)?year\s+ended\b[^0-9]{0,40}?${DATE}`, 'i');
// A cover over several lines ("For the quarterly period ended" above "March 31, 2021"), with the ticked box's mark between.
const QUARTER = new RegExp(String.raw`for\s+the\s+(?:quarterly\s+period|quarter|(?:three|six|nine)\s+months)\s+end(?:ed|ing)\b[^0-9]{0,80}?${DATE}`, 'i');
const EVENT = new RegExp(String.raw`date\s+of\s+report[^:]{0,60}:?\s*${DATE}`, 'i');

/**
 * The period a filing's cover states ("For the fiscal year ended December 31, 2022"). A quarter
 * is numbered by the company's own fiscal calendar: as the opening text names it ("second quarter
 * of fiscal 2024" for a quarter ended in July 2023), else by the calendar the document states
 * (`calendar`, readCalendar: a quarter ended December 31, 2022 of a year ending June 30 is Q2 of
 * fiscal 2023), else by the calendar year (a quarter ended July 2 is the second: it ends in the
 * first week of July). An event (a current report) records the quarter whose results it reports,
 * where it says.
 */
export function coverPeriod(text: string, opening = text, calendar?: FiscalCalendar, form?: string): DocumentPeriod | undefined {
  // A quarterly report's cover may also name the last fiscal year's end: its quarter comes first.
  const annual = form === '10-Q' && QUARTER.test(text) ? null : text.match(ANNUAL);
  if (annual) {
    const p = fiscal(annual[1]);
    const own = calendar ? fiscalPeriodOf(endingMonth(annual[1])!, calendar).year : undefined;
    return { kind: 'annual', ...p, year: statedYear(opening, annual[1]) ?? own ?? p.year };
  }
  const quarter = text.match(QUARTER);
  if (quarter) {
    const p = fiscal(quarter[1]);
    const stated = near(statedQuarter(opening), p.year);
    const end = endingMonth(quarter[1])!;
    const own = calendar ? fiscalPeriodOf(end, calendar) : undefined;
    const counted = own?.quarter ? { year: own.year, quarter: own.quarter } : { year: Math.floor(end / 12), quarter: Math.floor((end % 12) / 3) + 1 };
    return { kind: 'quarter', ...p, ...(stated ?? counted) };
  }
  const event = text.match(EVENT);
  if (event) {
    const p = fiscal(event[1]);
    const stated = near(statedQuarter(opening), p.year);
    return { kind: 'event', ...p, ...(stated ? { covers: stated } : {}) };
  }
  return undefined;
}

/**
 * A year that ends in January, February or March is named by its start or by its end, as the
 * company chooses ("fiscal 2022 ended January 28, 2023" at some retailers, "fiscal 2024 ended
 * February 3, 2024" at others). The opening text says which: a year it ties to the end date, else
 * the one of the two it names more often. Other year ends are named by the year they end in.
 */
function statedYear(opening: string, date: string): number | undefined {
  const month = monthOf(date);
  const end = Number(date.match(/(\d{4})\s*$/)?.[1]);
  if (month > 2 || !end) return undefined;
  const day = date.replace(/\s+/g, '\\s+').replace(',', ',?');
  const tied = new RegExp(
    String.raw`fiscal\s+(?:year\s+)?((?:19|20)\d\d)\b[^.;]{0,60}?\bend(?:ed|ing|s)\b[^.;]{0,20}?${day}|${day}\s*\(?\s*[“"]?\s*fiscal\s+(?:year\s+)?((?:19|20)\d\d)`,
    'i',
  ).exec(opening);
  const named = tied ? Number(tied[1] ?? tied[2]) : undefined;
  if (named === end || named === end - 1) return named;
  const [before, at] = [fiscalMentions(opening, end - 1), fiscalMentions(opening, end)];
  return before > at ? end - 1 : at > before ? end : undefined;
}

/** How often the text says "fiscal 2023" or "fiscal year 2023". */
function fiscalMentions(text: string, year: number): number {
  return [...text.matchAll(new RegExp(String.raw`\bfiscal\s+(?:year\s+)?${year}\b`, 'gi'))].length;
}

/** A stated fiscal year names the calendar year of the date, or the one before or after (fiscal years named by their start or end). */
function near(stated: { year: number; quarter: number } | undefined, year: number) {
  return stated && Math.abs(stated.year - year) <= 1 ? stated : undefined;
}

const ORDINALS = ['first', 'second', 'third', 'fourth'];
const QUARTER_WORDS = String.raw`(first|second|third|fourth)[\s-]+(?:fiscal\s+)?quarter`;
/** "second quarter of fiscal 2024", "fiscal 2024 second quarter", "second-quarter 2023", "Q2 FY2024", "Q2 2023". */
const STATED_QUARTER = [
  new RegExp(String.raw`${QUARTER_WORDS}\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?((?:19|20)\d\d)\b`, 'i'),
  new RegExp(String.raw`\b(?:fiscal\s+(?:year\s+)?|FY\s*)((?:19|20)\d\d)\s+${QUARTER_WORDS}`, 'i'),
  /\bQ([1-4])\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*'?)?((?:19|20)\d\d)\b/i,
  // "Fourth Quarter and Full Year 2022 Results", "fourth quarter and fiscal 2023".
  new RegExp(String.raw`${QUARTER_WORDS}\s+and\s+(?:full[\s-]+year|fiscal(?:\s+year)?)\s+(?:of\s+)?(?:fiscal\s+)?((?:19|20)\d\d)\b`, 'i'),
];

/** The fiscal quarter the opening text says the document is about, as the company numbers it. */
export function statedQuarter(text: string): { year: number; quarter: number } | undefined {
  let best: { at: number; year: number; quarter: number } | undefined;
  STATED_QUARTER.forEach((re, i) => {
    const m = re.exec(text);
    if (!m || (best && best.at <= m.index)) return;
    const [q, y] = i === 1 ? [m[2], m[1]] : [m[1], m[2]];
    const quarter = /^\d$/.test(q) ? Number(q) : ORDINALS.indexOf(q.toLowerCase()) + 1;
    best = { at: m.index, year: Number(y), quarter };
  });
  return best && { year: best.year, quarter: best.quarter };
}

/** A 52/53-week year that ends in the first days of January belongs to the year before. */
function fiscal(date: string): { year: number; ended: string } {
  const d = parseDate(date)!;
  return { year: fiscalYearOf(d.year, d.month, d.day), ended: dateLabel(d) };
}

function monthOf(date: string): number {
  return (parseDate(date)?.month ?? 1) - 1;
}

const FIRST_DATE = new RegExp(DATE, 'i');
const YEAR_RESULTS =
  /\b(?:full|fiscal)[\s-]+year\s+(?:of\s+)?(?:fiscal\s+)?((?:19|20)\d\d)\s+(?:financial\s+)?results\b|\bfiscal\s+((?:19|20)\d\d)\s+(?:full[\s-]+year\s+)?(?:financial\s+)?results\b/i;

/** A results release's period: the date it gives first, and the quarter or year whose results it reports. */
export function releasePeriod(opening: string): DocumentPeriod | undefined {
  const date = opening.match(FIRST_DATE);
  if (!date) return undefined;
  const p = fiscal(date[1]);
  const year = opening.match(YEAR_RESULTS);
  const covers = near(statedQuarter(opening), p.year) ?? (year ? { year: Number(year[1] ?? year[2]) } : undefined);
  return { kind: 'event', ...p, ...(covers ? { covers } : {}) };
}

const MEETING = new RegExp(String.raw`annual\s+meeting\s+of\s+(?:share|stock)holders[^\n]{0,160}?${DATE}|${DATE}[^\n]{0,80}?annual\s+meeting\s+of\s+(?:share|stock)holders`, 'i');

/**
 * A proxy statement's period: the date of the annual meeting it calls, and the fiscal year whose
 * pay it describes: the year before the meeting, unless the text names the meeting's own fiscal
 * year more often (a year that ended a few months before the meeting).
 */
export function meetingPeriod(opening: string): DocumentPeriod | undefined {
  const m = opening.match(MEETING);
  if (!m) return undefined;
  const p = fiscal(m[1] ?? m[2]);
  const covered = fiscalMentions(opening, p.year) > fiscalMentions(opening, p.year - 1) ? p.year : p.year - 1;
  return { kind: 'meeting', ...p, covers: { year: covered } };
}

/** How a card shows a period: "FY2022", "Q2 2022", the event date, or the annual meeting. */
export function periodLabel(p: DocumentPeriod): string {
  if (p.kind === 'annual') return `FY${p.year}`;
  if (p.kind === 'quarter') return `Q${p.quarter} ${p.year}`;
  if (p.kind === 'meeting') return `${p.year} annual meeting`;
  const date = p.ended ?? String(p.year);
  return p.covers ? `${date}, ${coversLabel(p.covers)} results` : date;
}

/** The quarter or year whose results a release reports: "Q2 2023", "FY2022". */
export function coversLabel(c: NonNullable<DocumentPeriod['covers']>): string {
  return c.quarter ? `Q${c.quarter} ${c.year}` : `FY${c.year}`;
}
