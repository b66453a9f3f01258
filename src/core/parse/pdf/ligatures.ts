/**
 * Letters a PDF's font does not map to text. A font that draws "fi", "ff" or "ti" as one glyph
 * (a ligature) without saying which letters it stands for reads back as U+0000 ("Corpora\0on",
 * "\0nancial"); dropped, the words would be "Corporaon" and "nancial", and no search for
 * "corporation" or "financial" would find them. Such a glyph is kept as UNMAPPED while lines are
 * built, and mended once the document's own words are known: by the spelling the document
 * prints elsewhere, else by which letters make the likeliest English word (LETTER_TRIGRAMS; the
 * document's own letters cannot say, since every word with the ligature lacks it).
 */
import { LETTER_TRIGRAMS } from './letters';

/** How often a document prints a word, and a letter sequence inside its words (the Vocabulary of its lines). */
export interface Spellings {
  count(word: string): number;
  letters(sequence: string): { count: number; total: number };
}

/** Where a glyph with no text was (kept through line building, never left in the parsed text). */
export const UNMAPPED = '\uFFFD';

/** The letter groups fonts draw as one glyph, the common first. */
const LIGATURES = ['fi', 'ff', 'fl', 'ffi', 'ffl', 'ti', 'tt', 'tti', 'ft', 'fft', 'st', 'th', 'ct', 'fj', 'tf'];
/** Words with more marks than this are not mended letter by letter (the candidates grow as the ligatures' count to the n). */
const MAX_MARKS = 3;

const MARKED_WORD = new RegExp(`[\\p{L}${UNMAPPED}]*${UNMAPPED}[\\p{L}${UNMAPPED}]*`, 'gu');

/**
 * A mender for one document: each unmapped glyph inside a word becomes the letters it most likely
 * stands for; any other is removed. The document's letter counts behind the ligatures' priors are
 * read once, however many lines are mended.
 */
export function unmappedMender(vocabulary: Spellings): (text: string) => string {
  const prior = ligaturePrior(vocabulary);
  return (text) => (text.includes(UNMAPPED) ? text.replace(MARKED_WORD, (word) => mendWord(word, vocabulary, prior)) : text);
}

/** One marked word mended: the filling the document prints most often, else the likeliest by English letters and the ligatures' priors. */
function mendWord(word: string, vocabulary: Spellings, prior: (ligature: string) => number): string {
  const letters = word.replaceAll(UNMAPPED, '');
  const marks = word.length - letters.length;
  if (letters.length === 0 || marks > MAX_MARKS) return letters;
  // A capital before the mark ("E\0ective") or none ("\0nancial"): the letters are lower case unless the word is all capitals.
  const upper = letters.length > 1 && /^\p{Lu}+$/u.test(letters);
  let best = letters;
  let bestKey = [-1, -Infinity];
  for (const { candidate, used } of fillings(word, upper)) {
    const key = [vocabulary.count(candidate), englishLikelihood(candidate) + used.reduce((n, l) => n + prior(l), 0)];
    if (key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
      best = candidate;
      bestKey = key;
    }
  }
  return best;
}

/** Every way of filling a word's marks with ligature letters, with the ligatures used. */
function fillings(word: string, upper: boolean): Array<{ candidate: string; used: string[] }> {
  const at = word.indexOf(UNMAPPED);
  if (at < 0) return [{ candidate: word, used: [] }];
  const head = word.slice(0, at);
  const rests = fillings(word.slice(at + 1), upper);
  return LIGATURES.flatMap((l) => rests.map((rest) => ({ candidate: head + (upper ? l.toUpperCase() : l) + rest.candidate, used: [l, ...rest.used] })));
}

/**
 * The log-prior of each ligature in this document: a font that draws "ti" as one glyph leaves no
 * "ti" in the text it maps, so the letters the document prints far less often than English does
 * are the ones its marks stand for; letters it prints as often as English are not (a font with a
 * "th" glyph that maps it prints no "th" mark). The share missing, plus a floor.
 */
function ligaturePrior(vocabulary: Spellings): (ligature: string) => number {
  const english = englishLetters();
  const memo = new Map<string, number>();
  return (l) => {
    let p = memo.get(l);
    if (p === undefined) {
      const doc = vocabulary.letters(l);
      const expected = (english.count(l) / english.total) * doc.total;
      const missing = expected > 0 ? Math.max(0, 1 - doc.count / expected) : 0;
      p = Math.log(PRIOR_FLOOR + missing);
      memo.set(l, p);
    }
    return p;
  };
}

/** The least prior a ligature gets, however often the document prints its letters. */
const PRIOR_FLOOR = 0.02;

let table: { trigrams: Map<string, number>; prefixes: Map<string, number>; total: number } | undefined;

function letterTable() {
  if (table) return table;
  const trigrams = new Map<string, number>();
  const prefixes = new Map<string, number>();
  let total = 0;
  for (let i = 0; i + 4 <= LETTER_TRIGRAMS.length; i += 4) {
    const n = 2 ** (LETTER_TRIGRAMS.charCodeAt(i + 3) - 48);
    const t = LETTER_TRIGRAMS.slice(i, i + 3);
    trigrams.set(t, n);
    prefixes.set(t.slice(0, 2), (prefixes.get(t.slice(0, 2)) ?? 0) + n);
    total += n;
  }
  table = { trigrams, prefixes, total };
  return table;
}

/** How often English prints a letter sequence of two or three letters (by LETTER_TRIGRAMS), against its trigrams in all (about its letters). */
function englishLetters(): { count: (sequence: string) => number; total: number } {
  const { trigrams, prefixes, total } = letterTable();
  return { count: (s) => (s.length === 2 ? (prefixes.get(s) ?? 0) : (trigrams.get(s) ?? 0)), total };
}

/** The log-probability of a word's letters, each given the two before it, by LETTER_TRIGRAMS (add-0.5 smoothed). */
export function englishLikelihood(word: string): number {
  const { trigrams, prefixes } = letterTable();
  const w = `^${word.toLowerCase()}$`;
  let sum = 0;
  for (let i = 0; i + 3 <= w.length; i++) sum += Math.log(((trigrams.get(w.slice(i, i + 3)) ?? 0) + 0.5) / ((prefixes.get(w.slice(i, i + 2)) ?? 0) + 14));
  return sum;
}
