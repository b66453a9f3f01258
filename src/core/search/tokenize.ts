/**
 * The keyword index's tokenizer. Everything but CJK is split exactly as MiniSearch's default
 * tokenizer splits it (on whitespace, separators and punctuation), so Latin-script terms are
 * unchanged. Chinese, Japanese and Korean are not written with spaces between words, so a run of
 * Han, Hiragana, Katakana or Hangul would otherwise be one huge "word" that no query matches;
 * such runs are cut into words with Intl.Segmenter (dictionary-based in ICU builds).
 */

import MiniSearch from 'minisearch';

/** MiniSearch's own default tokenizer: everything that is not CJK is split exactly as before. */
const defaultTokenize = MiniSearch.getDefault('tokenize') as (text: string, fieldName?: string) => string[];

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Alternating runs of CJK and of anything else, within one token. */
const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005]+/gu;

let segmenter: Intl.Segmenter | undefined;

function words(run: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const out: string[] = [];
  for (const s of segmenter.segment(run)) if (s.isWordLike) out.push(s.segment);
  return out;
}

export function tokenize(text: string): string[] {
  const tokens = defaultTokenize(text);
  if (!CJK.test(text)) return tokens;
  const out: string[] = [];
  for (const token of tokens) {
    if (!CJK.test(token)) {
      out.push(token);
      continue;
    }
    for (const run of token.match(CJK_RUNS) ?? []) {
      if (CJK.test(run)) out.push(...words(run));
      else out.push(run);
    }
  }
  return out;
}
