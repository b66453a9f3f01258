import { nameAliases } from './names';
import { periodLabel } from './period';
import type { DocumentCard } from './types';

export interface RoutedDocument {
  docId: string;
  title: string;
  /** What in the question matched: the name it used, and the period. */
  why: string[];
}

export interface Route {
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
  const named = docs.map((d) => ({ d, said: d.card.names.map((n) => matchName(n, words)).find(Boolean) })).filter((x) => x.said);
  if (named.length === 0) return { routed: [], reason: 'the question names no document' };
  let chosen = named;
  const period = askedPeriod(question);
  let periodNote: string | undefined;
  if (period) {
    const exact = named.filter(({ d }) => d.card.period?.year === period.year && (!period.quarter || d.card.period.quarter === period.quarter));
    const annual = exact.filter(({ d }) => d.card.period?.kind === 'annual');
    const later = named
      .filter(({ d }) => d.card.period && d.card.period.year > period.year && d.card.period.year <= period.year + 2 && d.card.period.kind === 'annual')
      .sort((a, b) => a.d.card.period!.year - b.d.card.period!.year);
    const pick = !period.quarter && annual.length ? annual : exact.length ? exact : later.length ? later.filter((x) => x.d.card.period!.year === later[0].d.card.period!.year) : [];
    if (pick.length) {
      chosen = pick;
      periodNote = period.label;
    }
  }
  if (chosen.length === docs.length) return { routed: [], reason: 'the question names every document' };
  const routed = chosen.map(({ d, said }) => ({
    docId: d.docId,
    title: d.card.title,
    why: [`names “${said}”`, ...(periodNote && d.card.period ? [`asks about ${periodNote}; it covers ${periodLabel(d.card.period)}`] : [])],
  }));
  return { docIds: new Set(routed.map((r) => r.docId)), routed, reason: routed.map((r) => `${r.title} (${r.why.join('; ')})`).join(', ') };
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
 * The words of the question that say `name`, if any. Multi-word aliases match as a phrase or
 * run together ("Foot Locker" = "FOOTLOCKER"); a single word must be written with a capital
 * letter, so "general" in a sentence does not name General Mills.
 */
function matchName(name: string, words: QuestionWord[]): string | undefined {
  const aliases = nameAliases(name);
  for (const alias of aliases) {
    const parts = alias.split(' ');
    const compact = parts.join('');
    for (let i = 0; i < words.length; i++) {
      if (parts.length > 1 && parts.every((p, k) => words[i + k]?.lower === p)) return words.slice(i, i + parts.length).map((w) => w.raw).join(' ');
      for (let n = 1; n <= MAX_NAME_WORDS && i + n <= words.length; n++) {
        const run = words.slice(i, i + n);
        if (run.map((w) => w.lower).join('') !== compact) continue;
        const single = n === 1 && parts.length === 1;
        if (!single || /\p{Lu}/u.test(run[0].raw)) return run.map((w) => w.raw).join(' ');
      }
      // An abbreviation written in capitals that begins the name: "JPM", "MGM".
      const w = words[i];
      if (/^\p{Lu}{3,}$/u.test(w.raw) && compact.length >= w.lower.length + 2 && compact.startsWith(w.lower)) return w.raw;
    }
  }
  return undefined;
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

