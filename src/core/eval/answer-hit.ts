import { wordTokens } from '../text';
import { STOPWORDS } from '../search';

/** What an answer must show to count as a hit: a figure or a phrase of the gold answer that the evidence states. */
type AnswerKey = { kind: 'figure'; value: string } | { kind: 'phrase'; words: string[] };

// A figure stands alone: not part of a name or code ("3M", "10-K", "FY2022", "Q2"), though a
// scale may follow it ("$2.5bn", "40m").
const NUMBER = /(?<![\p{L}\d.,-])\d[\d,]*(?:\.\d+)?(?:(?=(?:bn|mn|m|b|k|x)\b)|(?![\p{L}\d]|-\p{L}))/gu;
const MIN_PHRASE_WORDS = 2;

/** "$11,588.00" → "11588"; "0.40" → "0.4"; "(396)" → "396". */
export function normalizeFigure(raw: string): string {
  let s = raw.replace(/,/g, '');
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s.replace(/^0+(?=\d)/, '');
}

function figures(text: string): string[] {
  return (text.match(NUMBER) ?? []).map(normalizeFigure);
}

function isYear(f: string): boolean {
  return /^(?:19|20)\d\d$/.test(f);
}

/**
 * The gold answer's key, counted only when the evidence text states it: its first figure (not
 * a year) that appears among the evidence's figures, else its longest run of two or more words
 * (with at least one content word) found verbatim in the evidence. Undefined when the gold
 * answer is computed (a ratio, an average) or phrased apart from the evidence: such questions
 * cannot be answered by quoting, and answerHit leaves them out.
 */
export function answerKey(gold: string, evidence: string): AnswerKey | undefined {
  const stated = new Set(figures(evidence));
  const figure = figures(gold).find((f) => !isYear(f) && stated.has(f));
  if (figure) return { kind: 'figure', value: figure };
  if (figures(gold).some((f) => !isYear(f))) return undefined;
  const g = wordTokens(gold);
  const e = ` ${wordTokens(evidence).join(' ')} `;
  let best: string[] | undefined;
  for (let i = 0; i < g.length; i++) {
    for (let j = i + MIN_PHRASE_WORDS; j <= g.length; j++) {
      const run = g.slice(i, j);
      if (!e.includes(` ${run.join(' ')} `)) break;
      const content = run.filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));
      if (content.length >= 1 && (!best || run.length > best.length)) best = run;
    }
  }
  return best ? { kind: 'phrase', words: best } : undefined;
}

/** Whether an answer text shows the key: the same figure (however formatted), or the phrase's words in order. */
export function answerShows(answer: string, key: AnswerKey): boolean {
  if (key.kind === 'figure') return figures(answer).includes(key.value);
  return ` ${wordTokens(answer).join(' ')} `.includes(` ${key.words.join(' ')} `);
}
