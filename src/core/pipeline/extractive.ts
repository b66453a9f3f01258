import { segmentSentences } from '../text/segment';
import { wordTokens } from '../text/words';
import { STOPWORDS } from '../search/stopwords';
import type { CitationMark } from './citations';

export interface ExtractiveSource {
  /** 1-based number used in citations. */
  n: number;
  text: string;
  /** The source's final relevance (0–1). */
  score: number;
}

export interface ExtractedSentence {
  source: number;
  text: string;
  score: number;
}

/**
 * The retrieval-only answer: the sentences of the kept chunks that share the most query
 * words, weighted by their chunk's relevance, each cited. No model writes anything, so the
 * answer is verbatim text from the documents. Its citation marks are given with it: a quoted
 * sentence may hold a bracketed footnote number of its own, which is not a citation.
 */
export function extractiveAnswer(query: string, sources: ExtractiveSource[], maxSentences = 3): { text: string; sentences: ExtractedSentence[]; citations: CitationMark[] } {
  const terms = new Set(wordTokens(query).filter((w) => !STOPWORDS.has(w)));
  const scored: ExtractedSentence[] = [];
  for (const src of sources) {
    for (const s of segmentSentences(src.text)) {
      const words = wordTokens(s.text);
      if (words.length === 0) continue;
      const hits = new Set(words.filter((w) => terms.has(w))).size;
      const overlap = terms.size ? hits / terms.size : 0;
      scored.push({ source: src.n, text: s.text.replace(/\s+/g, ' ').trim(), score: overlap * (0.5 + 0.5 * src.score) });
    }
  }
  const best = scored
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.score > 0)
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .slice(0, maxSentences)
    .map(({ s }) => s);
  return { ...quoteWithCitations(best), sentences: best };
}

/** Sentences joined, each followed by its source's citation mark, and where those marks are. */
export function quoteWithCitations(sentences: Array<{ text: string; source: number }>): { text: string; citations: CitationMark[] } {
  let text = '';
  const citations: CitationMark[] = [];
  for (const s of sentences) {
    text += `${text ? ' ' : ''}${s.text} `;
    const mark = `[${s.source}]`;
    citations.push({ sources: [s.source], start: text.length, end: text.length + mark.length });
    text += mark;
  }
  return { text, citations };
}
