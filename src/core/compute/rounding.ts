/**
 * The precision and unit a question asks its answer in ("Round your answer to two decimal places",
 * "(in USD millions)", "Answer in units of percents"), and a computed value written out that way.
 */
import type { MetricUnit } from './metrics';

/** A unit a question may ask for: a percent, or an amount of money in thousands, millions, billions or plain units (dollars). */
export type AskedUnit = 'percent' | 'millions' | 'billions' | 'thousands' | 'units';

export interface RoundingAsked {
  decimals?: number;
  unit?: AskedUnit;
}

/** What formatValue can write: a metric's own unit or the unit a question asked for. */
export type ValueUnit = MetricUnit | AskedUnit;

const NUMBER_WORDS: Record<string, number> = { zero: 0, no: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const PLACES = /\b(\d|zero|no|one|two|three|four|five|six)[\s-]+decimals?(?:[\s-]+(?:places?|points?|digits?))?\b/i;
const NEAREST: Array<[RegExp, number]> = [
  [/\bnearest\s+(?:whole\s+(?:number|percent(?:age)?(?:\s+points?)?|dollar)|integer|percent(?:age)?\s+points?|percent)\b/i, 0],
  [/\bnearest\s+tenths?\b/i, 1],
  [/\bnearest\s+(?:hundredths?|cents?)\b/i, 2],
  [/\bnearest\s+thousandths?\b/i, 3],
];
const SCALE = '(thousand|million|billion)s?\\b';
const SCALES: RegExp[] = [
  new RegExp(`\\b(?:in|units?\\s+of)\\s+(?:(?:us\\s*)?(?:usd|dollars?)\\s+|\\$\\s*)?${SCALE}`, 'gi'),
  new RegExp(`\\b(?:usd|us\\$|dollars?)\\s+(?:in\\s+)?${SCALE}`, 'gi'),
  new RegExp(`\\bnearest\\s+${SCALE}`, 'gi'),
];
const PERCENT = /\b(?:(?:in\s+)?units?\s+of\s+percent|in\s+percent|as\s+an?\s+(?:percent|%)|expressed\s+(?:as|in)\s+(?:an?\s+)?percent)|\bin\s+%/gi;
const DOLLARS = /\bin\s+(?:usd|us\s+dollars?|dollars?)\b(?!\s*(?:in\s+)?(?:thousand|million|billion))/gi;

function decimalsAsked(question: string): number | undefined {
  const places = PLACES.exec(question);
  if (places) {
    const n = places[1].toLowerCase();
    return NUMBER_WORDS[n] ?? Number(n);
  }
  for (const [pattern, decimals] of NEAREST) if (pattern.test(question)) return decimals;
  if (/\bnearest\s+(?:thousand|million|billion)\b/i.test(question)) return 0;
  return undefined;
}

/** Every unit the question names, with where; the last one named wins (an instruction usually closes a question). */
function unitAsked(question: string): AskedUnit | undefined {
  const found: Array<{ unit: AskedUnit; at: number }> = [];
  for (const pattern of SCALES) {
    for (const m of question.matchAll(pattern)) found.push({ unit: `${m[1].toLowerCase()}s` as AskedUnit, at: m.index });
  }
  for (const m of question.matchAll(PERCENT)) found.push({ unit: 'percent', at: m.index });
  for (const m of question.matchAll(DOLLARS)) found.push({ unit: 'units', at: m.index });
  found.sort((a, b) => b.at - a.at);
  return found[0]?.unit;
}

/**
 * The rounding and unit a question asks for, each only when it says so: "to two decimal places",
 * "one decimal place", "2 decimals" (decimals 2, 1, 2), "to the nearest whole number" or "integer"
 * (0), "nearest tenth" / "hundredth" / "cent" (1 / 2 / 2); "in units of percents", "in percent",
 * "as a percentage" (percent); "in USD millions", "(in USD billions)", "in thousands", "USD in
 * millions", "to the nearest million" (that scale); "in USD" with no scale (units).
 */
export function roundingAsked(question: string): RoundingAsked {
  const decimals = decimalsAsked(question);
  const unit = unitAsked(question);
  return { ...(decimals !== undefined ? { decimals } : {}), ...(unit ? { unit } : {}) };
}

/** value rounded half away from zero at the given decimal places, exactly in decimal (1.005 → 1.01, not 1.00). */
export function roundTo(value: number, decimals: number): number {
  const d = Math.max(0, Math.min(15, Math.trunc(decimals)));
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || abs * 10 ** d >= 1e21) return value;
  const shifted = String(abs).includes('e') ? Math.round(abs * 10 ** d) : Math.round(Number(`${abs}e${d}`));
  const r = Number(`${shifted}e-${d}`);
  return r === 0 ? 0 : Math.sign(value) * r;
}

function grouped(value: number, decimals: number): string {
  const [int, frac] = roundTo(Math.abs(value), decimals).toFixed(decimals).split('.');
  const sign = roundTo(value, decimals) < 0 ? '-' : '';
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

const SCALE_OF: Record<string, { divisor: number; word: string }> = {
  thousands: { divisor: 1e3, word: ' thousand' },
  millions: { divisor: 1e6, word: ' million' },
  billions: { divisor: 1e9, word: ' billion' },
  units: { divisor: 1, word: '' },
};

/** For an amount without an asked scale: billions from a billion up, millions from a million, else dollars. */
function autoScale(value: number): AskedUnit {
  const abs = Math.abs(value);
  return abs >= 1e9 ? 'billions' : abs >= 1e6 ? 'millions' : 'units';
}

/** Default places: 1 for a percent, 2 for a ratio, times or days; for money 0 from 100 up in its scale, else 2. */
function defaultDecimals(unit: ValueUnit, shown: number): number {
  if (unit === 'percent') return 1;
  if (unit === 'ratio' || unit === 'times' || unit === 'days') return 2;
  return Math.abs(shown) >= 100 ? 0 : 2;
}

/**
 * value written for a reader, rounded half away from zero, thousands separated by commas and a
 * minus sign '-' when negative:
 *
 *   percent  34.6%          the value is already a percent (34.6, not 0.346)
 *   ratio    1.55
 *   times    4.52x
 *   days     -3.70 days
 *   money    $1,577 million, -$0.40 billion, $12,345: for 'thousands' | 'millions' | 'billions' | 'units' the value is in
 *            units (dollars) and is divided down; for 'currency' the scale is chosen: billions from 1e9, millions from 1e6
 *
 * Without `decimals`, defaultDecimals applies, widened to at most 6 places when it would show a
 * value that is not 0 as 0 (0.004% → 0.004%, not 0.0%). A value that is not finite is written as
 * String(value).
 */
export function formatValue(value: number, unit: ValueUnit, decimals?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const scale = unit === 'currency' ? autoScale(value) : unit;
  const money = SCALE_OF[scale];
  const shown = money ? value / money.divisor : value;
  let places = decimals ?? defaultDecimals(unit, shown);
  while (decimals === undefined && shown !== 0 && roundTo(shown, places) === 0 && places < 6) places++;
  const text = grouped(shown, places);
  if (money) return text.startsWith('-') ? `-$${text.slice(1)}${money.word}` : `$${text}${money.word}`;
  if (unit === 'percent') return `${text}%`;
  if (unit === 'times') return `${text}x`;
  if (unit === 'days') return `${text} days`;
  return text;
}
