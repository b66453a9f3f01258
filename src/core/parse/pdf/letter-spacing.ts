/**
 * Letter-spaced headings ("C A S H  F L O W S" set with wide tracking) come out of pdf.js with
 * a space in the wrong place now and then: "Cash Flow s", "Equit y". The gap before the last
 * one or two letters of a word is the tracking, not a word space. These helpers put such
 * words back together, and leave real short words ("a", "I", "of", the Spanish "y") alone.
 */

/** Short words that stand on their own: never the tail of the word before them. */
const WORDS = new Set(
  [
    // English
    'a',
    'i',
    'am',
    'an',
    'as',
    'at',
    'be',
    'by',
    'do',
    'go',
    'he',
    'hi',
    'if',
    'in',
    'is',
    'it',
    'me',
    'my',
    'no',
    'of',
    'oh',
    'ok',
    'on',
    'or',
    'ox',
    'so',
    'to',
    'up',
    'us',
    'vs',
    'we',
    'v',
    'x',
    'ex',
    're',
    'co',
    'pp',
    'p',
    'n',
    'c',
    'id',
    // Spanish, French, Portuguese, Italian, German short words seen in filings' exhibits
    'e',
    'o',
    'u',
    'y',
    'à',
    'é',
    'al',
    'da',
    'de',
    'di',
    'do',
    'du',
    'el',
    'en',
    'es',
    'et',
    'ha',
    'il',
    'la',
    'le',
    'lo',
    'na',
    'ne',
    'ni',
    'os',
    'ou',
    'se',
    'si',
    'su',
    'te',
    'tu',
    'un',
    'ya',
    'zu',
    'im',
    'um',
    'ob',
    'd',
    'l',
    'm',
    's',
    't',
    'z',
  ].map((w) => w.toLowerCase()),
);

/** Tails that are never words of their own, even in the languages above: "Flow s", "Equit y". */
const TAILS = new Set([
  's',
  'y',
  'es',
  'ts',
  'ys',
  'ns',
  'rs',
  'ds',
  'ls',
  'ty',
  'ly',
  'ry',
  'ng',
  'ed',
  'er',
  'nt',
  'ce',
  'ss',
  'gs',
  'ks',
  'ms',
  'ps',
  'ws',
  'cy',
  'ny',
  'ky',
  'st',
  'ct',
  'ck',
  'th',
  'sh',
  'ch',
  'ge',
  've',
  'ze',
]);

/**
 * Whether `tail` (a run's first letters, after a small gap) ends the word before it rather
 * than starting a new one: one or two lower-case letters that are not a word on their own.
 */
export function isWordTail(tail: string): boolean {
  if (!/^\p{Ll}{1,2}$/u.test(tail)) return false;
  return TAILS.has(tail) || !WORDS.has(tail);
}

/**
 * A heading-like line: a few words, those of four or more letters capitalised ("Consolidated
 * Statements of Cash Flow s", "TOTAL EQUIT Y"). Prose is left alone: there a lone "s" or "y"
 * after a word is as likely a real word (or a list marker) as a split.
 */
export function isHeadingLike(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length < 2 || words.length > 12) return false;
  const long = words.filter((w) => w.replace(/[^\p{L}]/gu, '').length >= 4);
  return long.length > 0 && long.every((w) => /^[^\p{L}]*\p{Lu}/u.test(w));
}

/**
 * Joins the tails split off words in a heading-like line: "Cash Flow s" → "Cash Flows",
 * "Stockholders’ Equit y" → "Stockholders’ Equity", "CASH FLOW S" → "CASH FLOWS".
 */
export function joinSplitTails(text: string): string {
  if (!isHeadingLike(text)) return text;
  return text
    .replace(/(\p{L}{3,}) (\p{Ll}{1,2})(?=$|[\s,;:)’']|\.(?:$|\s))/gu, (whole, stem: string, tail: string) =>
      // A capitalised stem (Flow, Equit) takes a lower-case tail; an upper-case one (FLOW) an upper-case tail below.
      /\p{Ll}$/u.test(stem) && isWordTail(tail) && !conjunction(stem, tail) ? stem + tail : whole,
    )
    .replace(/(\p{Lu}{3,}) (\p{Lu}{1,2})(?=$|[\s,;:)’'])/gu, (whole, stem: string, tail: string) => {
      const t = tail.toLowerCase();
      // "CASH FLOW S", "EQUIT Y"; not "ITEM I", "PART II", "PLAN A".
      return TAILS.has(t) && !/^[IVX]+$/.test(tail) && !conjunction(stem, t) ? stem + tail : whole;
    });
}

/**
 * "y" is also Spanish for "and" ("Plan y Acuerdo", "Chile y"): it is only taken as a tail after
 * a stem that ends the way "-ty", "-ry", "-cy"… words do ("Equit y", "Securit y", "Recover y").
 */
function conjunction(stem: string, tail: string): boolean {
  return tail.toLowerCase() === 'y' && !/[tTrRcCgGkKpPdDfFmMvVbBhH]$/.test(stem);
}
