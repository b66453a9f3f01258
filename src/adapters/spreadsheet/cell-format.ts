/** A workbook cell's saved value as text, in the essentials of how Excel shows it. */

/** What a cell style's number format says about its numbers. */
export interface NumberFormat {
  percent: boolean;
  date: boolean;
  /** A time of day or a duration with no date part ("h:mm"): shown as hours and minutes. */
  time?: boolean;
}

/** Excel's built-in date formats (ids 14–17, and 22, which shows the time as well). */
const BUILTIN_DATES = new Set([14, 15, 16, 17, 22]);
/** Excel's built-in time and duration formats (ids 18–21 and 45–47). */
const BUILTIN_TIMES = new Set([18, 19, 20, 21, 45, 46, 47]);

/** Whether a number format shows a time or a duration with no date: a built-in time id, or hours or seconds and no day or year. */
export function isTimeFormat(id: number, code: string): boolean {
  if (BUILTIN_TIMES.has(id)) return true;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[hs]/i.test(bare) && !/[dy]/i.test(bare) && !/[#?]/.test(bare);
}

/** Whether a number format shows a date: a built-in date id, or a code with day, month or year parts outside quotes and brackets. */
export function isDateFormat(id: number, code: string): boolean {
  if (BUILTIN_DATES.has(id)) return true;
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dy]|m(?![^;]*[hs])/i.test(bare) && !/^general$/i.test(bare.trim()) && !/[#0?]/.test(bare);
}

export interface RawCell {
  /** The cell's type attribute: s (shared string), str, inlineStr, b, e, n (number; the default), d (ISO date). */
  type: string;
  /** Index into the styles' cell formats. */
  style: number;
  /** The saved value's text (<v>, or the inline string's <t>). */
  value: string;
}

/** The cell as text: strings as saved, numbers in full (15 significant digits), percentages, dates, booleans. */
export function cellText(cell: RawCell, context: { strings: string[]; formats: NumberFormat[]; date1904: boolean }): string {
  const { type, value } = cell;
  switch (type) {
    case 's':
      return (context.strings[Number(value)] ?? '').trim();
    case 'str':
    case 'inlineStr':
    case 'e':
    case 'd':
      return value.trim();
    case 'b':
      return value === '1' ? 'TRUE' : 'FALSE';
  }
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return value.trim();
  const format = context.formats[cell.style];
  if (format?.percent) return `${plain(n * 100)}%`;
  if (format?.time) return excelTime(n);
  if (format?.date) return excelDate(n, context.date1904) ?? plain(n);
  return plain(n);
}

/** A number without float noise (0.1 + 0.2 saved as 0.30000000000000004 → "0.3"), never in exponent form for ordinary sizes. */
function plain(n: number): string {
  const rounded = Number(n.toPrecision(15));
  return Math.abs(rounded) >= 1e21 || (rounded !== 0 && Math.abs(rounded) < 1e-6) ? String(rounded) : rounded.toString();
}

/** An Excel serial date as "2024-03-31" (with the time where it has one); undefined when out of range. */
function excelDate(serial: number, date1904: boolean): string | undefined {
  // Day 0 is 1899-12-31 in the 1900 system, which also counts a 29 February 1900 that never was.
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days - 25569) * 86_400_000);
  const date = new Date(ms);
  if (!Number.isFinite(date.getTime()) || serial < 0 || serial > 2_958_465) return undefined;
  const iso = date.toISOString();
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time.slice(0, 5)}`;
}

/** A day fraction (or a duration in days) as hours and minutes: 0.5 → "12:00", 1.25 → "30:00". */
function excelTime(days: number): string {
  const minutes = Math.round(Math.abs(days) * 24 * 60);
  return `${days < 0 ? '-' : ''}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
