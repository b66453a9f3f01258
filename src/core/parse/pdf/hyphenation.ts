/**
 * Joining lines that a line break split inside a word. Whether "long-" + "term" keeps its
 * hyphen is decided by how the document itself spells the word elsewhere, then by a short
 * list of words that usually start compounds; otherwise the hyphen is taken as a soft one.
 */

const WORD = /\p{L}+(?:-\p{L}+)*/gu;
const TRAILING_FRAGMENT = /(\p{L}+)[-\u2010\u00ad]$/u;
const LEADING_WORD = /^(\p{L}+)/u;

// First halves of hyphenated compounds common in business prose ("long-term", "non-cash").
const COMPOUND_HEADS = new Set([
  'long',
  'short',
  'mid',
  'near',
  'non',
  'self',
  'well',
  'year',
  'high',
  'low',
  'full',
  'part',
  'first',
  'second',
  'third',
  'one',
  'two',
  'three',
  'four',
  'five',
  'multi',
  'cross',
  'end',
  'day',
  'post',
  'pre',
  'after',
  'open',
  'fixed',
  'real',
  'same',
]);

/** How often each word and each hyphenated compound occurs, not counting the split fragments. */
export class Vocabulary {
  private readonly counts = new Map<string, number>();

  /** `lines` in reading order; a line ending in a hyphen does not count its last word, nor the next line its first. */
  addLines(lines: string[]): void {
    let skipFirst = false;
    for (const line of lines) {
      // A word with a glyph that has no text ("Corpora\uFFFDon") is not yet a word: it is mended from these counts.
      const words =
        line
          .toLowerCase()
          .replace(/\S*\uFFFD\S*/g, ' ')
          .match(WORD) ?? [];
      const hyphenated = TRAILING_FRAGMENT.test(line);
      const from = skipFirst ? 1 : 0;
      const to = hyphenated ? words.length - 1 : words.length;
      for (let i = from; i < to; i++) this.add(words[i]);
      skipFirst = hyphenated;
    }
  }

  private add(word: string): void {
    this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
    if (word.includes('-')) for (const part of word.split('-')) this.counts.set(part, (this.counts.get(part) ?? 0) + 1);
  }

  count(word: string): number {
    return this.counts.get(word.toLowerCase()) ?? 0;
  }

  /** How often a letter sequence occurs inside the counted words, and how many letters they hold in all. */
  letters(sequence: string): { count: number; total: number } {
    let count = 0;
    let total = 0;
    for (const [word, n] of this.counts) {
      if (word.includes('-')) continue;
      total += n * word.length;
      for (let at = word.indexOf(sequence); at >= 0; at = word.indexOf(sequence, at + 1)) count += n;
    }
    return { count, total };
  }
}

/** Should the hyphen between `head` (end of a line) and `tail` (start of the next) stay? */
export function keepHyphen(head: string, tail: string, vocabulary: Vocabulary): boolean {
  if (!/^\p{Ll}/u.test(tail)) return true;
  const joined = vocabulary.count(head + tail);
  const compound = vocabulary.count(`${head}-${tail}`);
  if (joined > 0 || compound > 0) return compound > joined;
  if (COMPOUND_HEADS.has(head.toLowerCase())) return true;
  return head.length >= 3 && tail.length >= 3 && vocabulary.count(head) > 0 && vocabulary.count(tail) > 0;
}

/** Appends `next` to a paragraph's text, across a line break. */
export function joinLines(text: string, next: string, vocabulary: Vocabulary): string {
  if (!text) return next;
  if (!next) return text;
  // Only the end matters; an anchored search over a long paragraph would scan all of it.
  const end = text.slice(-64);
  if (/[\p{L}\p{N}][-\u2010]$/u.test(end) && /^[\p{L}\p{N}]/u.test(next)) {
    const fragment = TRAILING_FRAGMENT.exec(end);
    const tail = LEADING_WORD.exec(next);
    const stem = text.slice(0, -1);
    // "Form 10-" + "K" and "COVID-" + "19" keep their hyphen; words are looked up.
    if (!fragment || !tail || keepHyphen(fragment[1], tail[1], vocabulary)) return `${stem}-${next}`;
    return stem + next;
  }
  if (/[\u2014/]$/.test(end)) return text + next;
  return `${text} ${next}`;
}
