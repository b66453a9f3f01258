import { companyKey, nameAliases, type Alias } from './names';
import { STOPWORDS } from '../search';
import { askedForm, coveredLabel, latestFirst, pickDocuments, type AskedPeriod, type Candidate } from './pick';
import type { DocumentCard } from './types';

export interface RoutedDocument {
  docId: string;
  title: string;
  /** What in the question matched: the name it used, and the period. */
  why: string[];
  /**
   * The same organisation's other documents, when neither the period nor the form the question
   * asks about picked this one (it was the nearest or the latest): offered to ask instead.
   */
  others?: Array<{ docId: string; title: string }>;
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
 * "American Water Works"), a short name or ticker it gives itself ("AMEX", "JPM") or the words of
 * its file name. Among one organisation's documents, the form and period the question asks about
 * pick the filing (see pickDocuments); when they pick none, the nearest or latest is used and the
 * others are listed with it (`guess: false`, for a search: all of them are kept). A question that
 * names no document, or every one, leaves all in scope.
 */
export function routeQuestion(question: string, docs: Array<{ docId: string; card: DocumentCard }>, options: { guess?: boolean } = {}): Route {
  if (docs.length < 2) return { routed: [], reason: docs.length ? 'one document in scope' : 'no documents' };
  const words = questionWords(question);
  // A name of an organisation names all its documents, also those that do not use it (a proxy statement without the ticker).
  const byOrganisation = new Map<string, Candidate[]>();
  for (const d of docs) {
    const key = organisation(d);
    const members = byOrganisation.get(key);
    if (members) members.push(d);
    else byOrganisation.set(key, [d]);
  }
  const groups: Named[][] = [];
  for (const members of byOrganisation.values()) {
    const own = members.map((d) => d.card.names.map((n) => matchName(n, words)).find(Boolean));
    const said = own.find(Boolean);
    if (said) groups.push(members.map((d, i) => ({ ...d, said: own[i] ?? said })));
  }
  if (groups.length === 0) return { routed: [], reason: 'the question names no document' };
  const periods = askedPeriods(question);
  // Several years of one company ask for its annual reports; years of several companies may be one each.
  const form = askedForm(question, groups.length === 1 ? periods : []);
  // Each organisation named gets its own pick.
  const routed: RoutedDocument[] = [];
  for (const group of groups) {
    const own =
      groups.length > 1
        ? periodsNearest(
            question,
            group[0].said,
            groups.map((g) => g[0].said),
            periods,
          )
        : periods;
    const { chosen, asked, fallback, offered } = pickDocuments(group, own, form, options.guess ?? true, question);
    // Offered to ask instead: the others when a guess picked the one used, or those of the same period set aside for it.
    const others = (fallback ? group.filter((n) => !chosen.includes(n)) : (offered ?? [])).sort(latestFirst).map((n) => ({ docId: n.docId, title: n.card.title }));
    for (const n of chosen) {
      const when = asked && n.card.period ? [`asks about ${asked.label}; it covers ${coveredLabel(n.card.period)}`] : [];
      routed.push({ docId: n.docId, title: n.card.title, why: [`names “${n.said}”`, ...when, ...(fallback ? [fallback] : [])], ...(others.length ? { others } : {}) });
    }
  }
  if (routed.length === docs.length) return { routed: [], reason: 'the question names every document' };
  return { docIds: new Set(routed.map((r) => r.docId)), routed, reason: routed.map((r) => `${r.title} (${r.why.join('; ')})`).join(', ') };
}

type Named = Candidate & { said: string };

/**
 * With several organisations named, each one's periods first: those written after its name and
 * before the next name ("Calloway in 2021 and Emberly in 2023": 2021 for Calloway; a year before
 * every name goes to the first), then the rest, latest first as before.
 */
function periodsNearest(question: string, said: string, everyone: string[], periods: AskedPeriod[]): AskedPeriod[] {
  const text = question.toLowerCase();
  const at = (name: string) => text.indexOf(name.toLowerCase());
  const starts = everyone.map(at).filter((i) => i >= 0);
  const mine = at(said);
  if (mine < 0) return periods;
  const owner = (pos: number) => {
    const before = starts.filter((i) => i <= pos);
    return before.length ? Math.max(...before) : Math.min(...starts);
  };
  const nearest = periods.filter((p) => {
    const year = text.search(new RegExp(String.raw`(?:fy\s?)?(?:${p.year}|'${p.year % 100}\b)`));
    return year >= 0 && owner(year) === mine;
  });
  return [...nearest, ...periods.filter((p) => !nearest.includes(p))];
}

/** Which organisation a document is of: its company without legal words, else the first name it goes by. */
function organisation(n: Candidate): string {
  return n.card.company ? companyKey(n.card.company) : (n.card.names[0] ?? n.docId);
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

/** The years a question asks about, latest first, with the quarter when it names one. */
function askedPeriods(question: string): AskedPeriod[] {
  const years = [...new Set([...question.matchAll(YEAR)].map((m) => (m[1] ? Number(m[1]) : 2000 + Number(m[2]))))].sort((a, b) => b - a);
  const q = question.match(QUARTER);
  const quarter = q ? (q[1] ? Number(q[1]) : ORDINAL.indexOf(q[2].toLowerCase()) + 1) : undefined;
  return years.map((year) => {
    const meetingYear = new RegExp(String.raw`\b${year}\s+(?:annual\s+)?proxy\b`, 'i').test(question) || undefined;
    return { year, ...(quarter ? { quarter } : {}), label: quarter ? `Q${quarter} ${year}` : `FY${year}`, ...(meetingYear ? { meetingYear } : {}) };
  });
}
