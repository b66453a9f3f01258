import { coversLabel, periodLabel } from './period';
import type { DocumentCard, DocumentPeriod } from './types';

/** A period a question asks about: a fiscal year, or a quarter of one. */
export interface AskedPeriod {
  year: number;
  quarter?: number;
  label: string;
  /** Written just before "proxy" ("its 2023 proxy statement"): the year of the meeting, not of the pay. */
  meetingYear?: boolean;
}

/** The kind of document a question names: "10-K", "quarterly report", "8-K", "earnings release", "proxy". */
export type AskedForm = 'annual' | 'quarter' | 'current' | 'release' | 'proxy';

export interface Candidate {
  docId: string;
  card: DocumentCard;
}

export interface Pick<T extends Candidate> {
  chosen: T[];
  /** Documents of the same period set aside for the one chosen (a results release beside the annual report): offered instead. */
  offered?: T[];
  /** The period that picked them, when one did. */
  asked?: AskedPeriod;
  /** Set when neither the period nor the form picked the document: which one was used, and why. */
  fallback?: string;
}

const FORMS: Array<[AskedForm, RegExp]> = [
  ['proxy', /\bproxy\b/i],
  ['release', /\b(?:earnings|press|results)\s+release\b|\bearnings\s+report\b/i],
  ['current', /\b8-?K\b|\bcurrent\s+report\b/i],
  ['quarter', /\b10-?Q\b|\bquarterly\s+(?:report|filing)\b/i],
  ['annual', /\b10-?K\b|\b20-?F\b|\bannual\s+(?:report|filing)\b/i],
];

/** Several years of history: only an annual report covers them (a quarterly report gives one quarter). */
const HISTORY = /\bhistoric(?:al(?:ly)?)?\b|\b(?:last|past|previous|prior)\s+(?:two|three|four|five|several|few|\d+)\s+(?:fiscal\s+)?years\b|\bmulti-?year\b/i;

/** What a proxy statement is about, beyond the annual report: pay, the board and the shareholders' meeting. */
const PROXY_TOPIC =
  /\b(?:compensation|pay|paid|salary|salaries|bonus(?:es)?|executives?|directors?|board|CEO|chief\s+executive|annual\s+meeting|shareholder\s+(?:meeting|vote|proposals?)|say-on-pay)\b/i;

/**
 * The kind of document a question names, if it names one; else the annual report for a question
 * about several years of history that names no quarter ("historically", "over the last three
 * years", "from FY2021 to FY2023").
 */
export function askedForm(question: string, periods: AskedPeriod[] = []): AskedForm | undefined {
  const named = FORMS.find(([, re]) => re.test(question))?.[0];
  if (named || periods.some((p) => p.quarter)) return named;
  return HISTORY.test(question) || periods.length >= 2 ? 'annual' : undefined;
}

/** Whether a document is of the kind a question names: a results release may be an 8-K that gives results. */
function isForm(card: DocumentCard, form: AskedForm): boolean {
  const f = card.form ?? '';
  if (form === 'proxy') return f === 'proxy statement' || f === 'DEF 14A';
  if (form === 'release') return f === 'earnings release' || (f === '8-K' && Boolean(card.period?.covers));
  if (form === 'current') return f === '8-K' || f === '6-K';
  if (form === 'quarter') return f === '10-Q';
  return /^(?:10-K|10-KT|20-F|40-F)$/.test(f);
}

/**
 * One organisation's documents for what the question asks (`periods`: the ones it names, latest
 * first). A named form ("its 10-Q", "the earnings release") narrows them first. Then the period: for a quarter, that quarter's report
 * and releases of its results, else the same quarter a year on (which repeats it), else that
 * year's annual report; for a year, its annual report beside current reports of that year,
 * releases of its results and the proxy statement on its pay; else the quarters of that year;
 * else the first annual report within two years after (filings repeat earlier years as
 * comparatives). When the period picks nothing, or the question names none, the nearest (or the
 * latest) one is used and `fallback` says so, so the others can be offered; without `guess` (a
 * search, which ranks what it finds), all of them are kept instead.
 */
export function pickDocuments<T extends Candidate>(group: T[], periods: AskedPeriod[], form: AskedForm | undefined, guess = true, question = ''): Pick<T> {
  const ofForm = form ? group.filter((n) => isForm(n.card, form)) : [];
  const pool = ofForm.length ? ofForm : group;
  if (pool.length === 1) return { chosen: pool };
  const dated = pool.filter((n) => n.card.period);
  // A span of years in annual reports ("from FY2022 to FY2024"): the latest report within it, which prints its earlier years as comparatives.
  const span = form === 'annual' && periods.length >= 2 ? latestAnnualWithin(dated, periods) : undefined;
  if (span) return { chosen: [span], asked: periods[0] };
  // Each period the question names, latest first ("Adobe in 2016 and 3M in 2022": 2016 for Adobe).
  for (const asked of periods) {
    const hit = asked.quarter ? { chosen: forQuarter(dated, asked as Required<AskedPeriod>) } : forYear(dated, asked, PROXY_TOPIC.test(question));
    if (hit.chosen.length) return { ...hit, asked };
  }
  // Without a period for each, none can be called the nearest or the latest; a search keeps them all.
  if (dated.length < pool.length || !guess) return { chosen: pool };
  const asked = periods[0];
  if (asked) {
    const near = nearest(pool, asked.year);
    return { chosen: [near], fallback: `asks about ${asked.label}, which none of theirs covers, so the nearest (${coveredLabel(near.card.period!)}) was used` };
  }
  const latest = [...pool].sort(latestFirst)[0];
  return { chosen: [latest], fallback: `gives no period, so the latest of their ${pool.length} documents was used` };
}

const p = (n: Candidate) => n.card.period!;
const covers = (n: Candidate, year: number, quarter?: number) =>
  p(n).covers?.year === year && (quarter === undefined ? (p(n).covers?.quarter ?? 4) === 4 : p(n).covers?.quarter === quarter);

function forQuarter<T extends Candidate>(pool: T[], asked: Required<AskedPeriod>): T[] {
  const exact = pool.filter(
    (n) => (p(n).kind === 'quarter' && p(n).year === asked.year && p(n).quarter === asked.quarter) || (p(n).kind === 'event' && covers(n, asked.year, asked.quarter)),
  );
  if (exact.length) return exact;
  const next = pool.filter((n) => p(n).kind === 'quarter' && p(n).year === asked.year + 1 && p(n).quarter === asked.quarter);
  if (next.length) return next;
  return pool.filter((n) => p(n).kind === 'annual' && p(n).year === asked.year);
}

/**
 * For a year: its annual report, beside current reports of that year that are not results (a
 * results release repeats the annual report's year: it is offered instead), and the proxy
 * statement on that year's pay when the question is about pay or the board (else it is offered).
 */
function forYear<T extends Candidate>(pool: T[], asked: AskedPeriod, aboutProxy: boolean): { chosen: T[]; offered?: T[] } {
  const meetings = pool.filter((n) => p(n).kind === 'meeting');
  if (meetings.length === pool.length) {
    // Only proxy statements: the one whose meeting or whose pay the question's year names.
    const byMeeting = meetings.filter((n) => p(n).year === asked.year);
    const byPay = meetings.filter((n) => p(n).covers?.year === asked.year);
    return { chosen: asked.meetingYear ? (byMeeting.length ? byMeeting : byPay) : byPay.length ? byPay : byMeeting };
  }
  const annual = pool.filter((n) => p(n).kind === 'annual' && p(n).year === asked.year);
  if (annual.length) {
    const events = pool.filter((n) => p(n).kind === 'event' && (p(n).covers ? covers(n, asked.year) : p(n).year === asked.year));
    const proxies = pool.filter((n) => p(n).kind === 'meeting' && p(n).covers?.year === asked.year);
    const results = events.filter((n) => p(n).covers);
    const chosen = [...annual, ...events.filter((n) => !p(n).covers), ...(aboutProxy ? proxies : [])];
    const offered = [...results, ...(aboutProxy ? [] : proxies)];
    return offered.length ? { chosen, offered } : { chosen };
  }
  const ofYear = pool.filter((n) => (p(n).kind !== 'meeting' && p(n).year === asked.year) || (p(n).kind === 'event' && covers(n, asked.year)));
  if (ofYear.length) return { chosen: ofYear };
  const later = pool.filter((n) => p(n).kind === 'annual' && p(n).year > asked.year && p(n).year <= asked.year + 2).sort((a, b) => p(a).year - p(b).year);
  return { chosen: later.filter((n) => p(n).year === p(later[0])?.year) };
}

/** The years before its own that an annual report prints as comparatives in its income statement. */
const COMPARATIVE_YEARS = 2;

/** The latest annual report whose year lies within the years asked, if they span no more than one report covers. */
function latestAnnualWithin<T extends Candidate>(pool: T[], periods: AskedPeriod[]): T | undefined {
  const years = periods.map((a) => a.year);
  const [from, to] = [Math.min(...years), Math.max(...years)];
  // One annual report prints three years of results: a longer span (or years of two companies) needs one per year.
  if (to - from > COMPARATIVE_YEARS) return undefined;
  return pool.filter((n) => p(n).kind === 'annual' && p(n).year >= from && p(n).year <= to).sort((a, b) => p(b).year - p(a).year)[0];
}

/** The document whose period is nearest the asked year, the later one on a tie (it repeats the earlier as comparatives). */
function nearest<T extends Candidate>(pool: T[], year: number): T {
  const yearOf = (n: Candidate) => p(n).covers?.year ?? p(n).year;
  return [...pool].sort((a, b) => Math.abs(yearOf(a) - year) - Math.abs(yearOf(b) - year) || endTime(p(b)) - endTime(p(a)))[0];
}

/** Orders documents by when their periods end, latest first; those without a period last. */
export function latestFirst(a: Candidate, b: Candidate): number {
  return (b.card.period ? endTime(b.card.period) : -Infinity) - (a.card.period ? endTime(a.card.period) : -Infinity) || 0;
}

/** When a period ends, for ordering: its date, else the end of its year. */
function endTime(period: DocumentPeriod): number {
  const t = period.ended ? Date.parse(`${period.ended} 12:00 UTC`) : NaN;
  return Number.isNaN(t) ? Date.UTC(period.year, 11, 31) : t;
}

/** A period in a reason: "FY2022", "Q2 2023", "Q2 2023 results". */
export function coveredLabel(period: DocumentPeriod): string {
  return period.kind === 'event' && period.covers ? `${coversLabel(period.covers)} results` : periodLabel(period);
}
