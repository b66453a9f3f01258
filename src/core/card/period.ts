import type { DocumentPeriod } from './types';
import { fiscalYearOf } from '../tables';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DATE = String.raw`((?:${MONTHS.join('|')})\s+\d{1,2}\s*,\s*(?:19|20)\d\d)`;
const ANNUAL = new RegExp(String.raw`for\s+the\s+(?:fiscal\s+)?year\s+ended\b[^0-9]{0,40}?${DATE}`, 'i');
const QUARTER = new RegExp(String.raw`for\s+the\s+(?:quarterly\s+period|quarter|(?:three|six|nine)\s+months)\s+ended\b[^0-9]{0,40}?${DATE}`, 'i');
const EVENT = new RegExp(String.raw`date\s+of\s+report[^:]{0,60}:?\s*${DATE}`, 'i');

/** The period a filing's cover states ("For the fiscal year ended December 31, 2022"). */
export function coverPeriod(text: string): DocumentPeriod | undefined {
  const annual = text.match(ANNUAL);
  if (annual) return { kind: 'annual', ...fiscal(annual[1]) };
  const quarter = text.match(QUARTER);
  if (quarter) {
    const p = fiscal(quarter[1]);
    return { kind: 'quarter', ...p, quarter: Math.floor(monthOf(quarter[1]) / 3) + 1 };
  }
  const event = text.match(EVENT);
  if (event) return { kind: 'event', ...fiscal(event[1]) };
  return undefined;
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
  return p.ended ?? String(p.year);
}
