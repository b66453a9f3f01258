import type { ParsedDocument } from '../types';
import { coverPeriod, coversLabel, meetingPeriod, periodLabel, releasePeriod } from './period';
import { displayName, fileNameWords, registrantName, statedNames, tickerSymbols } from './names';
import type { DocumentCard, DocumentPeriod } from './types';
import { readCalendar, type FiscalCalendar } from './calendar';

/** How much of the first page is read (covers that run long still name the registrant early). */
const COVER_CHARS = 4000;
const FORM = /\bform\s+(10-K|10-Q|8-K|20-F|6-K|40-F|10-KT|S-1|DEF\s*14A)\b/i;
/** A proxy statement's cover: "SCHEDULE 14A", or the ticked box for a definitive proxy statement (an annual report's cover mentions one too). */
const PROXY = /\bschedule\s+14A\b|^\W*(?:☒|☑|\[x\])\s*definitive\s+proxy\s+statement\b/im;
/** A results release's headline, among its first lines: "Harbourline Freight Reports Second Quarter 2023 Results", "… Announces Results for Q3 Fiscal 2024". */
const RELEASE = /^(.{2,80}?)\s+(?:reports?|announces?|posts?|delivers?)\b([^\n]{0,120})/im;
const RELEASE_WORDS = /\bresults\b/i;
const RELEASE_PERIOD = /\b(?:quarter|year|Q[1-4]|fiscal|FY\s*'?\d\d)/i;
const HEADLINE_LINES = 6;
const FORM_NAMES: Record<string, string> = { '10-K': 'annual report', '10-Q': 'quarterly report', '8-K': 'current report', '20-F': 'annual report' };
const FORM_TITLES: Record<string, string> = { 'proxy statement': 'Proxy statement', 'earnings release': 'Earnings release' };
const BOILERPLATE = /^(?:united states|securities and exchange commission|washington|\(mark one\)|table of contents|contents|index|page \d+)\b/i;
const MAX_ABOUT = 200;
/** A line of addresses, not a title: a paper's author and affiliation lines ("Adobe Corporation# {…}@adobe.com"), a web address. */
const CONTACT = /@|[{}]|https?:\/\/|\bwww\./i;
/** How much of the opening text is read for the short names a document gives itself. */
const OPENING_CHARS = 12_000;

/**
 * The card of a parsed document: a title a person would give it, one line saying what its first
 * page says it is, the names it goes by and its period. A filing's cover gives registrant, form
 * and period; other documents keep their title unless it is a code or a file name, and their
 * first heading lines say what they are.
 */
export function describeDocument(parsed: Pick<ParsedDocument, 'title' | 'text' | 'pages'> & Partial<Pick<ParsedDocument, 'sections'>>, fileName: string): DocumentCard {
  const first = parsed.pages[0];
  const cover = parsed.text.slice(first?.start ?? 0, Math.min(first?.end ?? COVER_CHARS, (first?.start ?? 0) + COVER_CHARS));
  const lines = cover
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const filing = identify(cover, lines, parsed.text.slice(0, OPENING_CHARS), parsed.text);
  const names = new Set<string>();
  if (filing?.company) names.add(filing.company);
  if (filing) for (const t of tickerSymbols(lines)) names.add(t);
  // The short names and tickers it gives itself ("AMEX", "NYSE: MGM"), from its opening pages.
  for (const n of statedNames(parsed.text.slice(0, OPENING_CHARS), filing?.company ?? (isCode(parsed.title) ? undefined : parsed.title))) names.add(n);
  // File-name words are names, not tickers, whatever their case ("ADOBE_2015_10K").
  const fromFile = fileNameWords(fileName)?.toLowerCase();
  if (fromFile) names.add(fromFile);
  if (isCode(parsed.title)) {
    const fromTitle = fileNameWords(parsed.title);
    if (fromTitle) names.add(fromTitle);
  }

  if (filing?.company) {
    const { company, form, period, calendar } = filing;
    const title = [company, FORM_TITLES[form] ?? form, period ? periodLabel(period) : undefined].filter(Boolean).join(' · ');
    return { title, about: `${company}: ${aboutLine(form, period)}`, names: [...names], company, form, ...(period ? { period } : {}), ...(calendar ? { calendar } : {}) };
  }
  // Section headings say where a chunk is, not what the document is.
  const sectionTitles = new Set((parsed.sections ?? []).flatMap((s) => s.path).map((t) => t.trim()));
  const heading = openingLines(lines).filter((l) => !sectionTitles.has(l));
  const usable = parsed.title && !isCode(parsed.title) && !sameAsFile(parsed.title, fileName);
  const title = usable ? parsed.title : (heading[0] ?? prettyFileName(fileName));
  if (usable && title.split(/\s+/).length <= 6) names.add(title);
  const about = clip(heading.filter((h) => h !== title).join(' — '));
  return { title, ...(about ? { about } : {}), names: [...names] };
}

interface Filing {
  company?: string;
  form: string;
  period?: DocumentPeriod;
  calendar?: FiscalCalendar;
}

/** What a filing's cover, a proxy statement's cover or a results release's headline says: who, which form, which period (by the fiscal calendar the whole text states). */
function identify(cover: string, lines: string[], opening: string, text: string): Filing | undefined {
  const form = cover.match(FORM)?.[1].toUpperCase().replace(/\s+/, ' ');
  if (PROXY.test(cover) && (!form || form === 'DEF 14A')) return { company: registrantName(lines), form: 'proxy statement', period: meetingPeriod(opening) };
  const calendar = readCalendar(text);
  const withCalendar = calendar ? { calendar } : {};
  if (form) return { company: registrantName(lines), form, period: coverPeriod(cover, opening, calendar, form), ...withCalendar };
  // A headline, not a sentence: no full stop at its end or before its verb.
  const release = lines
    .slice(0, HEADLINE_LINES)
    .filter((l) => !/\.$/.test(l))
    .map((l) => l.match(RELEASE))
    .find((m) => m && RELEASE_WORDS.test(m[2]) && RELEASE_PERIOD.test(m[2]) && !/[!?]|\.\s+\p{Lu}\p{Ll}/u.test(m[1]));
  return release ? { company: displayName(release[1].replace(/^[\s\p{P}]+/u, '')), form: 'earnings release', period: releasePeriod(opening), ...withCalendar } : undefined;
}

/** "Form 10-K annual report for the fiscal year ended …", "Proxy statement for the annual meeting of May 4, 2023". */
function aboutLine(form: string, period: DocumentPeriod | undefined): string {
  if (form === 'proxy statement') return `Proxy statement${period?.ended ? ` for the annual meeting of ${period.ended}` : ''}`;
  if (form === 'earnings release') return `Earnings release${period?.covers ? ` of ${coversLabel(period.covers)} results` : ''}${period?.ended ? `, dated ${period.ended}` : ''}`;
  const kind = FORM_NAMES[form] ? ` ${FORM_NAMES[form]}` : '';
  const when = period?.ended
    ? period.kind === 'event'
      ? ` dated ${period.ended}`
      : ` for the ${period.kind === 'quarter' ? 'quarter' : 'fiscal year'} ended ${period.ended}`
    : '';
  return `Form ${form}${kind}${when}`;
}

/** "ADBE 10K FY17", "10Q_2022": no lower-case letters, and a word that mixes in digits. */
export function isCode(title: string): boolean {
  return !/\p{Ll}/u.test(title) && /(?:^|\s)\S*\d\S*(?:\s|$)/u.test(title) && title.split(/\s+/).length <= 6;
}

/** A title that is only the file name, as some PDF producers set it ("CORNING_2022_10K.pdf"). */
function sameAsFile(title: string, fileName: string): boolean {
  const t = title.trim();
  return t === fileName || t === fileName.replace(/\.[a-z0-9]{2,5}$/i, '');
}

/** "annual_report_2021.pdf" → "annual report 2021". */
export function prettyFileName(fileName: string): string {
  const stem = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/_+/g, ' ')
    .trim();
  return stem ? displayName(stem) : fileName;
}

/** Up to three short lines that open the document, skipping cover boilerplate. */
function openingLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines.slice(0, 12)) {
    if (out.length === 3) break;
    if (!headingLike(l) || BOILERPLATE.test(l) || CONTACT.test(l)) continue;
    out.push(l.replace(/\s+/g, ' '));
  }
  return out;
}

/** A short line without sentence punctuation whose words are mostly capitalised: a title, not text. */
function headingLike(line: string): boolean {
  const words = line.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (line.length > 100 || words.length === 0 || words.length > 12 || line.includes(' | ') || /[.!?;,]$/.test(line)) return false;
  return words.filter((w) => /^\P{Ll}/u.test(w)).length >= words.length / 2;
}

function clip(s: string): string {
  return s.length <= MAX_ABOUT ? s : `${s.slice(0, MAX_ABOUT - 1).replace(/\s+\S*$/, '')}…`;
}
