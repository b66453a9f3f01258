/** Names for sections without a title: their first sentence, or their most distinctive words. */
import { segmentSentences } from '../text';
import { countWords } from './lexical-shifts';
import type { TextRange } from './text-range';

const NAME_CHARS = 60;

/** The first sentence of a range, cut at a word boundary to about `max` characters. */
export function firstSentenceName(text: string, max = NAME_CHARS): string {
  const first = segmentSentences(text)[0]?.text ?? text.trim();
  return truncateWords(first.replace(/\s+/g, ' ').trim(), max);
}

/** Cuts at a word boundary so the result is at most `max` characters, ending in "…" when cut. */
export function truncateWords(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '') + '…';
}

export function keywordNames(text: string, spans: TextRange[]): string[] {
  const counts = spans.map((s) => countWords(text.slice(s.start, s.end)));
  const df = new Map<string, number>();
  for (const c of counts) for (const w of c.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  return counts.map((c, i) => {
    const ranked = [...c.entries()]
      .map(([w, tf]) => ({ w, score: tf * Math.log(1 + spans.length / (df.get(w) ?? 1)) }))
      .sort((a, b) => b.score - a.score || (a.w < b.w ? -1 : a.w > b.w ? 1 : 0))
      .slice(0, 3)
      .map((x) => x.w);
    return ranked.length ? ranked.join(', ') : firstSentenceName(text.slice(spans[i].start, spans[i].end));
  });
}
