import type { DocumentPeriod } from './types';
import { fiscalYearOf } from '../tables';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DATE = String.raw`((?:${MONTHS.join('|')})\s+\d{1,2}\s*,\s*(?:19|20)\d\d)`;
const ANNUAL = new RegExp(String.raw`for\s+the\s+(?:fiscal\s+)?year\s+ended\b[^0-9]{0,40}?${DATE}`, 'i');
const QUARTER = new RegExp(String.raw`for\s+the\s+(?:quarterly\s+period|quarter|(?:three|six|nine)\s+months)\s+ended\b[^0-9]{0,40}?${DATE}`, 'i');
const EVENT = new RegExp(String.raw`date\s+of\s+report[^:]{0,60}:?\s*${DATE}`, 'i');

/**
 * The period a filing's cover states ("For the fiscal year ended December 31, 2022"). A quarter
 * is numbered by the company's own fiscal calendar where the opening text states it ("second
 * quarter of fiscal 2024" for a quarter ended in July 2023), else by the calendar; an event (a
 * current report) records the quarter whose results it reports, where it says.
 */
export function coverPeriod(text: string, opening = text): DocumentPeriod | undefined {
  const annual = text.match(ANNUAL);
  if (annual) return { kind: 'annual', ...fiscal(annual[1]) };
  const quarter = text.match(QUARTER);
  if (quarter) {
    const p = fiscal(quarter[1]);
    const stated = near(statedQuarter(opening), p.year);
    return { kind: 'quarter', ...p, ...(stated ?? { quarter: Math.floor(monthOf(quarter[1]) / 3) + 1 }) };
  }
  const event = text.match(EVENT);
  if (event) {
    const p = fiscal(event[1]);
    const stated = near(statedQuarter(opening), p.year);
    return { kind: 'event', ...p, ...(stated ? { covers: stated } : {}) };
  }
  return undefined;
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
  const [month, day, year] = date.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const m = monthOf(month);
  const y = Number(year);
  const ended = `${month.charAt(0).toUpperCase()}${month.slice(1).toLowerCase()} ${Number(day)}, ${y}`;
  return { year: fiscalYearOf(y, m + 1, Number(day)), ended };
}

function monthOf(date: string): number {
  return MONTHS.indexOf(date.trim().split(/\s+/)[0].toLowerCase());
}

/** How a card shows a period: "FY2022", "Q2 2022", or the event date. */
export function periodLabel(p: DocumentPeriod): string {
  if (p.kind === 'annual') return `FY${p.year}`;
  if (p.kind === 'quarter') return `Q${p.quarter} ${p.year}`;
  const date = p.ended ?? String(p.year);
  return p.covers ? `${date}, Q${p.covers.quarter} ${p.covers.year} results` : date;
}
