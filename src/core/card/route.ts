import { nameAliases, type Alias } from './names';
import { STOPWORDS } from '../search';
import { periodLabel } from './period';
import type { DocumentCard } from './types';

export interface RoutedDocument {
  docId: string;
  title: string;
  /** What in the question matched: the name it used, and the period. */
  why: string[];
}

interface Route {
  /** The documents the question leans toward; undefined: it names none (or all), so all stay in scope. */
  docIds?: Set<string>;
  routed: RoutedDocument[];
  /** In words, for the pipeline trace. */
  reason: string;
}

const YEAR = /\b(?:FY|fiscal\s+(?:year\s+)?)?'?((?:19|20)\d\d)\b|\bFY'?(\d\d)\b/gi;
const QUARTER = /\bQ([1-4])\b|\b(first|second|third|fourth)\s+(?:fiscal\s+)?quarter\b/i;
const ORDINAL = ['first', 'second', 'third', 'fourth'];
const MAX_NAME_WORDS = 4;

/**
 * Which documents a question names. A document is named by its organisation ("Adobe", "3M",
 * "American Water Works"), a ticker symbol ("JPM") or the words of its file name; among the
 * named documents, the period the question asks about ("FY2019", "Q2 2022") picks the filing
 * for that period, or the next one after it (filings repeat earlier years as comparatives).
 * A question that names no document, or every one, leaves all of them in scope.
 */
export function routeQuestion(question: string, docs: Array<{ docId: string; card: DocumentCard }>): Route {
  if (docs.length < 2) return { routed: [], reason: docs.length ? 'one document in scope' : 'no documents' };
  const words = questionWords(question);
  const named = docs.map((d) => ({ d, said: d.card.names.map((n) => matchName(n, words)).find(Boolean) })).filter((x): x is Named => Boolean(x.said));
  if (named.length === 0) return { routed: [], reason: 'the question names no document' };
  const period = askedPeriod(question);
  // Each organisation named gets its own filing for the period; one without a filing for it keeps all of its own.
  const groups = new Map<string, Named[]>();
  for (const n of named) groups.set(n.d.card.names[0] ?? n.d.docId, [...(groups.get(n.d.card.names[0] ?? n.d.docId) ?? []), n]);
  const chosen: Array<Named & { period?: string }> = [];
  for (const group of groups.values()) {
    const pick = period ? forPeriod(group, period) : [];
    chosen.push(...(pick.length ? pick.map((n) => ({ ...n, period: period!.label })) : group));
  }
  if (chosen.length === docs.length) return { routed: [], reason: 'the question names every document' };
  const routed = chosen.map(({ d, said, period: asked }) => ({
    docId: d.docId,
    title: d.card.title,
    why: [`names “${said}”`, ...(asked && d.card.period ? [`asks about ${asked}; it covers ${periodLabel(d.card.period)}`] : [])],
  }));
  return { docIds: new Set(routed.map((r) => r.docId)), routed, reason: routed.map((r) => `${r.title} (${r.why.join('; ')})`).join(', ') };
}

type Named = { d: { docId: string; card: DocumentCard }; said: string };

/**
 * One organisation's filings for the asked period: for a year, its annual report and any
 * current report of that year; for a quarter, that quarter's report, else the same quarter a
 * year on (which repeats it); failing those, the first annual report within two years after.
 */
function forPeriod(group: Named[], asked: { year: number; quarter?: number }): Named[] {
  const of = (n: Named) => n.d.card.period;
  if (asked.quarter) {
    // That quarter's report, and any release of its results (an 8-K that says which quarter it reports).
    const covers = (n: Named) => of(n)?.covers?.year === asked.year && of(n)?.covers?.quarter === asked.quarter;
    const exact = group.filter((n) => (of(n)?.kind === 'quarter' && of(n)!.year === asked.year && of(n)!.quarter === asked.quarter) || covers(n));
    if (exact.length) return exact;
    const next = group.filter((n) => of(n)?.kind === 'quarter' && of(n)!.year === asked.year + 1 && of(n)!.quarter === asked.quarter);
    if (next.length) return next;
  } else {
    const year = group.filter((n) => of(n)?.year === asked.year && of(n)!.kind !== 'quarter');
    if (year.some((n) => of(n)!.kind === 'annual')) return year;
    const quarters = group.filter((n) => of(n)?.year === asked.year);
    if (quarters.length) return quarters;
  }
  const later = group.filter((n) => of(n)?.kind === 'annual' && of(n)!.year > asked.year && of(n)!.year <= asked.year + 2).sort((a, b) => of(a)!.year - of(b)!.year);
  return later.filter((n) => of(n)!.year === of(later[0])?.year);
}

interface QuestionWord {
  lower: string;
  /** As written: a capital letter marks a name. */
  raw: string;
}

function questionWords(question: string): QuestionWord[] {
  return (question.replace(/['’]s\b/g, '').match(/[\p{L}\p{N}]+/gu) ?? []).map((raw) => ({ raw, lower: raw.toLowerCase() }));
}

/**
 * The words of the question that say `name`, if any. A ticker must be written in capitals; a
 * single-word name with a capital letter, and never a function word ("On", "Under"); a short
 * one (three letters or fewer) in capitals ("3M", "JnJ"); names of several words as a phrase, or
 * run together ("FOOTLOCKER"); an abbreviation in capitals may begin a name ("JPM").
 */
function matchName(name: string, words: QuestionWord[]): string | undefined {
  for (const alias of nameAliases(name)) {
    const compact = alias.words.join('');
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (alias.words.length === 1) {
        if (w.lower === compact && singleOk(w.raw, alias)) return w.raw;
      } else if (alias.words.every((p, k) => words[i + k]?.lower === p)) {
        const run = words.slice(i, i + alias.words.length);
        if (compact.length > alias.words.length || run.every((x) => x.raw === x.raw.toUpperCase())) return run.map((x) => x.raw).join(' ');
      }
      if (alias.compact && compact.length >= 6) {
        for (let n = 1; n <= MAX_NAME_WORDS && i + n <= words.length; n++) {
          const run = words.slice(i, i + n);
          if (run.map((x) => x.lower).join('') === compact) return run.map((x) => x.raw).join(' ');
        }
      }
      if (alias.prefix && /^\p{Lu}{3,}$/u.test(w.raw) && !STOPWORDS.has(w.lower) && compact.length >= w.lower.length + 2 && compact.startsWith(w.lower)) return w.raw;
    }
  }
  return undefined;
}

function singleOk(raw: string, alias: Alias): boolean {
  if (alias.ticker) return raw.length >= 2 && raw === raw.toUpperCase() && /\p{Lu}/u.test(raw);
  const lower = raw.toLowerCase();
  if (STOPWORDS.has(lower) || !/^[\p{Lu}\d]/u.test(raw)) return false;
  // Short names only in capitals (a lower-case "n" between them may stand for "and").
  return lower.length > 3 || !/\p{Ll}/u.test(raw.replace(/^(\p{Lu})n(\p{Lu})$/u, '$1$2'));
}

/** The latest year a question asks about, with its quarter when it names one. */
function askedPeriod(question: string): { year: number; quarter?: number; label: string } | undefined {
  const years = [...question.matchAll(YEAR)].map((m) => (m[1] ? Number(m[1]) : 2000 + Number(m[2])));
  if (years.length === 0) return undefined;
  const year = Math.max(...years);
  const q = question.match(QUARTER);
  const quarter = q ? (q[1] ? Number(q[1]) : ORDINAL.indexOf(q[2].toLowerCase()) + 1) : undefined;
  return { year, ...(quarter ? { quarter } : {}), label: quarter ? `Q${quarter} ${year}` : `FY${year}` };
}
