import { answerSentences, type SentenceSupport, type CitationMark } from '../attribution';

/**
 * Citation marks for an answer whose model wrote none (small models rarely do): after each
 * answer sentence that matches a source sentence at the attribution threshold, a mark for that
 * source, flagged `inferred` so the answer shows it was added by Sieve. `support` is the
 * attribution report's answerSupport (one entry per answer sentence).
 */
export function inferCitations(answer: string, support: SentenceSupport[]): CitationMark[] {
  const sentences = answerSentences(answer);
  const marks: CitationMark[] = [];
  sentences.forEach((s, i) => {
    const n = support[i]?.source;
    if (n === undefined) return;
    // Trailing spaces and newlines stay after the mark.
    let end = s.end;
    while (end > 0 && /\s/.test(answer[end - 1])) end--;
    marks.push({ sources: [n], start: end, end, inferred: true });
  });
  return marks;
}
