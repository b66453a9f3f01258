/**
 * The text side of matching line items: normalising a question's phrase or a row's label into
 * lightly stemmed content words, the same way for both, so that "PP&E" meets "Property, plant and
 * equipment", "Revenues" meets "revenue" and "Net cash provided by (used in) operating activities"
 * meets "net cash provided by operating activities".
 */

/** Abbreviations a question or a label uses for a line item, spelled out (before '&' becomes 'and'). */
const ABBREVIATIONS: Array<[RegExp, string]> = [
  [/\bpp\s*&\s*e\b|\bppne\b|\bppe\b/g, 'property plant and equipment'],
  [/\br\s*&\s*d\b/g, 'research and development'],
  [/\bsg\s*&\s*a\b|\bsga\b/g, 'selling general and administrative'],
  [/\bd\s*&\s*a\b/g, 'depreciation and amortization'],
];

/** Parenthesised qualifiers a label prints that do not change what the row is: "(loss)", "(used in)", "(benefit)". */
const QUALIFIER =
  /\(\s*(?:loss|losses|deficit|benefit|benefit\s+from|gain|gains|income|expense|expenses|earnings|used\s+in|used\s+for|used\s+by|provided\s+by|increase|decrease|net)\s*\)/g;
/** Footnote marks: "(1)", "(a)", "(Note 5)". */
const FOOTNOTE = /\(\s*(?:notes?\s*)?\d{1,2}[a-z]?\s*\)|\(\s*[a-z]\s*\)/g;
/** A leading operator: "Less: accumulated depreciation", "Add: ...". */
const OPERATOR = /^\s*(?:less|add|plus|deduct)\s*:\s*/;
/** A trailing qualifier after a comma that still means "net": ", net of allowance of $29", ", less accumulated depreciation". */
const NET_TAIL = /,\s*(?:net\s+of|less)\b.*$/;

/** Words that carry no meaning for matching (dropped from content words). */
const STOP = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'to',
  'for',
  'from',
  'in',
  'on',
  'by',
  'at',
  'as',
  'its',
  'our',
  'their',
  'with',
  'into',
  'during',
  'is',
  'was',
  'what',
]);

/** Content words too common in labels to count alone as an overlap ("Total", "Net"). */
export const WEAK = new Set(['total', 'net', 'other', 'less']);

/** Lower case, abbreviations spelled out, '&' → 'and', '%' → 'percent', "non-current" → "noncurrent", punctuation as spaces. */
export function normalise(text: string): string {
  let s = text.toLowerCase().replace(/[’‘`]/g, "'");
  for (const [re, full] of ABBREVIATIONS) s = s.replace(re, full);
  return s
    .replace(/&/g, ' and ')
    .replace(/%/g, ' percent ')
    .replace(/isation/g, 'ization')
    .replace(/\bnon[\s-]+(?=[a-z])/g, 'non')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A row label cleaned of what does not change the item it names (qualifiers, footnotes, "Less:", ", net of ...") and normalised. */
export function cleanLabel(label: string): string {
  const s = label.toLowerCase().replace(QUALIFIER, ' ').replace(FOOTNOTE, ' ').replace(OPERATOR, '').replace(NET_TAIL, ' net');
  return normalise(s);
}

/** Light stemming: plurals only ("revenues" → "revenue", "liabilities" → "liability", "taxes" → "tax", "losses" → "loss"). */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The stemmed content words of already normalised text, in order. */
export function wordsOf(normalised: string): string[] {
  const out: string[] = [];
  for (const w of normalised.split(' ')) if (w && !STOP.has(w)) out.push(stem(w));
  return out;
}

/** The stemmed content words of a question's phrase. */
export function contentWords(text: string): string[] {
  return wordsOf(normalise(text));
}

/** Where `needle` occurs as a contiguous run in `hay`, or -1. */
export function indexOfRun(hay: readonly string[], needle: readonly string[], from = 0): number {
  if (needle.length === 0) return -1;
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Same words in the same order. */
export function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

/**
 * How well a term (the words a lexicon entry or a question uses) matches a row's words, in [0, 1]:
 *   1     the same words in the same order;
 *   0.95  the same words in another order ("earnings per share diluted");
 *   0.6 + 0.3·|term|/|row|  the term as a contiguous run inside a longer row (below 0.9);
 *   0.5 + 0.3·|term|/|row|  all the term's words in the row, not together (below 0.8);
 *   0.3 + 0.3·|row|/|term|  all the row's words in a longer term (a modifier missing, below 0.6);
 *   0.4·Dice              some words shared (below 0.4);
 *   0     no shared word other than WEAK ones ("total", "net").
 */
export function termScore(term: readonly string[], row: readonly string[]): number {
  if (term.length === 0 || row.length === 0) return 0;
  if (sameWords(term, row)) return 1;
  const ts = new Set(term);
  const rs = new Set(row);
  let shared = 0;
  let strong = 0;
  for (const w of ts) {
    if (!rs.has(w)) continue;
    shared++;
    if (!WEAK.has(w)) strong++;
  }
  if (strong === 0) return 0;
  if (shared === ts.size && shared === rs.size) return 0.95;
  if (shared === ts.size) return (indexOfRun(row, term) >= 0 ? 0.6 : 0.5) + (0.3 * ts.size) / rs.size;
  if (shared === rs.size) return 0.3 + (0.3 * rs.size) / ts.size;
  return (0.4 * 2 * strong) / (ts.size + rs.size);
}

/** A metric's name that says more than a defined name and holds all its words ("EBITDA margin" over "unadjusted EBITDA"). */
export function extendsName(metric: string, defined: string): boolean {
  const m = new Set(metric.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const d = (defined.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w !== 'unadjusted' && w !== 'adjusted');
  return d.length > 0 && d.length < m.size && d.every((w) => m.has(w));
}
