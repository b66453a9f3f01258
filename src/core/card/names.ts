import { wordTokens } from '../text';
import { STOPWORDS } from '../search';

const REGISTRANT_NOTE = /^\(?\s*(?:exact\s+)?name\s+of\s+(?:the\s+)?registrant/i;
const ENTITY_SUFFIX = /\b(?:inc|incorporated|corp|corporation|company|co|ltd|limited|plc|llc|lp|l\.p|n\.v|s\.a|ag|se|group|holdings?)\.?$/i;
const LEGAL_WORDS = new Set(['inc', 'incorporated', 'corp', 'corporation', 'company', 'co', 'ltd', 'limited', 'plc', 'llc', 'lp', 'the', 'and', 'of', 'nv', 'sa', 'ag', 'se']);
/**
 * First words of company names that are ordinary words: alone they name nothing ("General"
 * Mills, "American" Water Works, "Best" Buy). The full name still matches.
 */
const GENERIC = new Set(
  (
    'general american international united first national global advanced best new great northern southern eastern western ' +
    'royal standard central pacific atlantic public financial capital home foot health energy systems technologies data'
  ).split(' '),
);
const FORM_WORD =
  /^(?:\d{1,2}[kq]|[kq]\d?|fy\d*|q[1-4]|h[12]|\d+|form|dated|annual|quarterly|report|filing|final|draft|v\d+|copy|earnings|release|press|proxy|def14a|transcript|presentation)$/i;
const TICKER_CELL = /^[A-Z][A-Z.]{0,5}$/;
const NOT_TICKERS = new Set(['YES', 'NO', 'NONE', 'NA', 'N.A.', 'NYSE', 'INC', 'LLC']);

/** The registrant named on a filing's cover: the line above "(Exact name of registrant as specified in its charter)". */
export function registrantName(lines: string[]): string | undefined {
  const at = lines.findIndex((l) => REGISTRANT_NOTE.test(l.trim()));
  if (at > 0) {
    for (let i = at - 1; i >= Math.max(0, at - 3); i--) {
      const l = lines[i].replace(/[_\-–—]{3,}/g, '').trim();
      if (/\p{L}{2}/u.test(l) && l.length <= 80) return displayName(l);
    }
  }
  // Text whose lines were joined (a plain-text or HTML copy): the capitalised words just before the note.
  const joined = lines.slice(0, 60).join(' ');
  const note = joined.search(/\(\s*(?:exact\s+)?name\s+of\s+(?:the\s+)?registrant/i);
  if (note > 0) {
    const words = joined
      .slice(Math.max(0, note - 120), note)
      .trim()
      .split(/\s+/);
    const run: string[] = [];
    for (let i = words.length - 1; i >= 0 && run.length < 8; i--) {
      if (/\p{Ll}/u.test(words[i]) || !/\p{Lu}|^&$/u.test(words[i])) break;
      run.unshift(words[i]);
    }
    if (run.length && /\p{L}{2}/u.test(run.join(''))) return displayName(run.join(' '));
  }
  const entity = lines.slice(0, 40).find((l) => l.length <= 60 && ENTITY_SUFFIX.test(l.trim().replace(/[,.]+$/, '')) && l === l.toUpperCase() && /\p{L}{3}/u.test(l));
  return entity ? displayName(entity) : undefined;
}

/**
 * A name as a person writes it: "ADOBE SYSTEMS INCORPORATED" → "Adobe Systems Incorporated",
 * keeping a short first word as an acronym ("MGM Resorts", "3M") and mending the letter
 * spacing some PDFs leave ("R ESORTS" → "RESORTS").
 */
export function displayName(raw: string): string {
  const text = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b([A-Z]) ([A-Z]{3,})\b/g, '$1$2');
  if (text !== text.toUpperCase()) return text;
  return text
    .split(' ')
    .map((w, i) => {
      const bare = w.replace(/[^\p{L}\p{N}]/gu, '');
      if (/\d/.test(bare) || (i === 0 && bare.length <= 3 && !LEGAL_WORDS.has(bare.toLowerCase()))) return w;
      return w.charAt(0) + w.slice(1).toLowerCase();
    })
    .join(' ');
}

/** An organisation's name for comparing: lower-case words without legal words ("Foot Locker, Inc." → "foot locker"). */
export function companyKey(name: string): string {
  const words = wordTokens(name.replace(/&/g, ' and '));
  const core = words.filter((w) => !LEGAL_WORDS.has(w));
  return (core.length ? core : words).join(' ');
}

/** Ticker symbols from the column headed "Trading Symbol(s)" on a filing's cover (its rows may sit above or below the header). */
export function tickerSymbols(lines: string[]): string[] {
  const at = lines.findIndex((l) => /trading\s+symbol/i.test(l));
  if (at < 0) return [];
  const header = lines[at].split('|');
  const column = header.findIndex((c) => /trading\s+symbol/i.test(c));
  const out = new Set<string>();
  for (const line of lines.slice(Math.max(0, at - 3), at + 8)) {
    const cells = line.split('|').map((c) => c.trim());
    const cell = cells.length === header.length ? cells[column] : undefined;
    if (cell && TICKER_CELL.test(cell) && cell.length >= 2 && !NOT_TICKERS.has(cell)) out.add(cell);
  }
  return [...out].slice(0, 3);
}

/** The words of a file name or code-like title that may name its subject ("ADOBE_2015_10K" → "ADOBE"). */
export function fileNameWords(name: string): string | undefined {
  const stem = name.replace(/\.[a-z0-9]{2,5}$/i, '');
  const words = stem.split(/[\s_\-.()[\],]+/).filter((w) => w.length >= 2 && /\p{L}/u.test(w) && !FORM_WORD.test(w) && !/\d{4}/.test(w));
  return words.length > 0 && words.length <= 4 ? words.join(' ') : undefined;
}

/** One way a question may name an organisation. */
export interface Alias {
  /** Lower-case words, matched in order. */
  words: string[];
  /** A ticker symbol: matches only when written in capitals. */
  ticker?: boolean;
  /** May be written run together ("FOOTLOCKER" for "foot locker"). */
  compact?: boolean;
  /** An abbreviation in capitals may begin it ("JPM" for "jpmorgan chase"). */
  prefix?: boolean;
}

/**
 * The ways a question may name an organisation: a ticker symbol as written; its full name and
 * its name without legal words ("adobe systems"), also run together; its first word when that
 * is neither an ordinary word nor a function word; and for two names joined by "&" or "and",
 * their initials ("J&J", "JnJ").
 */
export function nameAliases(name: string): Alias[] {
  if (TICKER_CELL.test(name) && name.length >= 2) return [{ words: [name.toLowerCase()], ticker: true }];
  const words = wordTokens(name.replace(/&/g, ' and '));
  const core = words.filter((w) => !LEGAL_WORDS.has(w));
  const out: Alias[] = [];
  if (words.length) out.push({ words, compact: true });
  if (core.length && core.join(' ') !== words.join(' ')) out.push({ words: core, compact: true, prefix: true });
  else if (core.length) out[0].prefix = true;
  if (core.length > 1 && !GENERIC.has(core[0]) && !STOPWORDS.has(core[0]) && core[0].length >= 2) out.push({ words: [core[0]] });
  const pair = name.match(/^(?:the\s+)?(\p{L})\p{L}*(?:\s*&\s*|\s+and\s+)(\p{L})\p{L}*/iu);
  if (pair) {
    const [a, b] = [pair[1].toLowerCase(), pair[2].toLowerCase()];
    out.push({ words: [a, b] }, { words: [`${a}n${b}`] });
  }
  return out;
}

const EXCHANGE_TICKER = /\b(?:NYSE|NASDAQ|Nasdaq|NYSE\s+American|Cboe)\s*:\s*([A-Z][A-Z.]{0,5})\b/g;
/** A quoted defined term inside parentheses: (“American Express,” “AMEX” or the “Company”). */
const DEFINED_GROUP = /\(([^()]{0,160}[“"][^()]{0,160})\)/g;
const QUOTED = /[“"]\s*([^“”"]{2,40}?)\s*[,.]?\s*[”"]/g;
/** Defined terms that name no one in particular. */
const GENERIC_TERMS = /^(?:the\s+)?(?:company|registrant|corporation|we|us|our|group|issuer|parent|firm|bank|partnership|trust|fund|notes?|agreement|plan|board|management)$/i;

/**
 * The short names and tickers a document gives itself in its opening pages: the defined terms
 * after its name ("American Express Company (“American Express,” “AMEX” or the “Company”)") and
 * exchange tickers ("(NYSE: MGM)"). Only those that abbreviate `name` count (their letters
 * appear in it in order, from its first letter: AMEX and AXP for American Express), so other
 * defined terms ("GAAP", "the Credit Agreement") and other companies' tickers are left out.
 */
export function statedNames(text: string, name: string | undefined): string[] {
  if (!name) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(EXCHANGE_TICKER)) if (!NOT_TICKERS.has(m[1]) && abbreviates(m[1], name)) out.add(m[1]);
  for (const group of text.matchAll(DEFINED_GROUP)) {
    for (const q of group[1].matchAll(QUOTED)) {
      const term = q[1].replace(/\s+/g, ' ').trim();
      if (GENERIC_TERMS.test(term) || !/^\p{Lu}/u.test(term) || term.split(' ').length > MAX_TERM_WORDS || !abbreviates(term, name)) continue;
      out.add(term);
    }
  }
  return [...out].slice(0, 6);
}

/** Whether `term`'s letters appear in `name` in order, starting with its first letter. */
export function abbreviates(term: string, name: string): boolean {
  const t = term.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const n = name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (t.length < 2 || t === n || t[0] !== n[0]) return false;
  let at = 0;
  for (const ch of t) {
    at = n.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

const MAX_TERM_WORDS = 4;
