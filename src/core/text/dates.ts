/**
 * Dates and periods, one home: the months' names and how they are printed, a printed date's
 * parts, and the fiscal year a period ending on a date belongs to. Tables' column headings,
 * documents' cards (cover periods, fiscal calendars), the readers and the scorer all read dates
 * through these.
 */

/** The months' names, January first. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** A month's name or abbreviation, a dot allowed after it: "Jan.", "Sept", "September" (a regex source without groups; use it with the i flag). */
export const MONTH_PATTERN = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

/** The same, capitalised only ("January", "Jan."), for patterns that are case-sensitive. */
export const CAPITALISED_MONTH_PATTERN = [...MONTH_NAMES, ...MONTH_NAMES.filter((m) => m !== 'May').map((m) => `${m.slice(0, 3)}\\.?`), 'Sept\\.?'].join('|');

/** A month named alone ("treated in December"); "May" alone is too often the verb. */
export const BARE_MONTH_PATTERN = `(?:${MONTH_NAMES.filter((m) => m !== 'May').join('|')})`;

/** A printed date: "July 1, 2023", "Jul. 1 , 2023", "1 July 2023", "July 1,\n2023" (a regex source without groups; use it with the i flag). */
export const DATE_PATTERN = String.raw`(?:${MONTH_PATTERN}\s+\d{1,2}\s*,?\s*(?:19|20)\d\d|\d{1,2}\s+${MONTH_PATTERN}\s+(?:19|20)\d\d)`;
const DATE = new RegExp(DATE_PATTERN, 'i');

const A_MONTH = new RegExp(`^${MONTH_PATTERN}$`, 'i');

/** The month (1–12) a name or abbreviation stands for ("Sept." → 9); undefined for any other word. */
export function monthNumber(word: string): number | undefined {
  const w = word.trim();
  if (!A_MONTH.test(w)) return undefined;
  return MONTH_NAMES.findIndex((m) => m.slice(0, 3).toLowerCase() === w.slice(0, 3).toLowerCase()) + 1;
}

/** A printed date's parts (the first full date in the text); undefined when the text holds none. */
export function parseDate(text: string | undefined): { year: number; month: number; day: number } | undefined {
  const m = text ? DATE.exec(text) : null;
  if (!m) return undefined;
  const words = m[0].replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
  const month = monthNumber(words.find((w) => /^\p{L}/u.test(w))!)!;
  const [day, year] = words.filter((w) => /^\d/.test(w)).map(Number);
  return { year, month, day };
}

/**
 * A period that ends on or before this day of a month ends, for its quarter and year, in the month
 * before: a 52/53-week year "ended January 1, 2023" is the year of December 2022.
 */
export const FIRST_WEEK = 7;

/** The fiscal year a period ending on this date belongs to (a year ending in January's first week is the year before's). */
export function fiscalYearOf(year: number, month?: number, day?: number): number {
  return month === 1 && (day ?? 31) <= FIRST_WEEK ? year - 1 : year;
}

/** A count of months (year × 12 + month − 1) as "June 2023". */
export function monthLabel(index: number): string {
  return `${MONTH_NAMES[((index % 12) + 12) % 12]} ${Math.floor(index / 12)}`;
}

/** A date as "January 28, 2017". */
export function dateLabel(d: { year: number; month: number; day: number }): string {
  return `${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}`;
}
