/** The period a question asks about: its fiscal years, and a quarter's or a half's months. */

// A bare year, not a figure ("2,021") nor the year of the filing the question cites ("the 2022 10-K").
const FY = /\b(?:FY\s?'?|fiscal\s+(?:year\s+)?)(\d{4}|\d{2})\b|(?<![\d,.$])\b((?:19|20)\d\d)\b(?![\d%]|,\d|\s*(?:form\s+)?(?:10-?K|10-?Q|8-?K|annual\s+report)\b)/gi;
/** "FY2017 - FY2019", "FY19 to FY21", "fiscal 2019 through fiscal 2021", "from 2019 to 2021": both ends, each an FY year (2 or 4 digits) or a bare 19xx/20xx. */
const RANGE =
  /(?:\b(?:FY\s?'?|fiscal\s+(?:year\s+)?)(\d{4}|\d{2})|(?<![\d,.$])\b((?:19|20)\d\d))\s*(?:-|–|to|through)\s*(?:(?:FY\s?'?|fiscal\s+(?:year\s+)?)(\d{4}|\d{2})|((?:19|20)\d\d))\b(?![\d,%])/i;

/** The fiscal years a question names, ascending; a range "FY2017 - FY2019" is every year in it. */
export function askedYears(question: string): { list: number[] } {
  const range = question.match(RANGE);
  if (range) {
    const [a, b] = [fullYear(range[1] ?? range[2]), fullYear(range[3] ?? range[4])].sort((x, y) => x - y);
    if (b - a <= 10) return { list: Array.from({ length: b - a + 1 }, (_, i) => a + i) };
  }
  const found = new Set<number>();
  for (const m of question.matchAll(FY)) {
    const y = fullYear(m[1] ?? m[2]);
    if (y >= 1990 && y <= 2099) found.add(y);
  }
  return { list: [...found].sort((a, b) => a - b) };
}

/** "21" is 2021; "2021" is itself. */
function fullYear(raw: string): number {
  return raw.length === 2 ? 2000 + Number(raw) : Number(raw);
}

/** The period a question names: fiscal years (ascending), and a quarter's or half's months and the quarter, when it names one. */
export function askedPeriod(question: string): { years: number[]; months?: number; quarter?: number } {
  const months = monthsAsked(question);
  const quarter = quarterAsked(question);
  return { years: askedYears(question).list, ...(months ? { months } : {}), ...(quarter ? { quarter } : {}) };
}

/** The fiscal quarter a question names ("Q2", "second quarter"). */
export function quarterAsked(question: string): number | undefined {
  const m = question.match(/\bQ([1-4])\b|\b(first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b/i);
  if (!m) return undefined;
  return m[1] ? Number(m[1]) : ['first', 'second', 'third', 'fourth'].indexOf(m[2].toLowerCase()) + 1;
}

/** The months a question's period covers: 3 for a quarter, 6 for a half, 9 for nine months. */
export function monthsAsked(question: string): number | undefined {
  if (/\bQ[1-4]\b|\bquarter\b|\bthree\s+months\b/i.test(question)) return 3;
  if (/\bH[12]\b|\bsix\s+months\b|\bhalf[\s-]+year\b|\bfirst\s+half\b/i.test(question)) return 6;
  if (/\bnine\s+months\b/i.test(question)) return 9;
  return undefined;
}
