import { describe, expect, it } from 'vitest';
import { attributionFromVectors } from '../attribution';
import { inferCitations } from './inferred-citations';

const v = (...xs: number[]) => {
  const a = new Float32Array(xs);
  const n = Math.hypot(...xs);
  return a.map((x) => x / n);
};

describe('inferCitations', () => {
  it('marks each answer sentence after the source it matches, skipping sentences that match none', () => {
    const answer = 'The apiary holds 14 hives. Bees are lovely. Mites are treated in December.\n';
    const report = attributionFromVectors({
      question: null,
      answerSentences: [v(1, 0, 0), v(0, 1, 0), v(0, 0, 1)],
      sources: [
        { n: 1, sentences: [v(0, 0.2, 1)] },
        { n: 2, sentences: [v(1, 0.1, 0)] },
      ],
      cited: [],
    });
    expect(report.answerSupport.map((s) => s.source)).toEqual([2, undefined, 1]);
    const marks = inferCitations(answer, report.answerSupport);
    expect(marks).toEqual([
      { sources: [2], start: 26, end: 26, inferred: true },
      { sources: [1], start: 74, end: 74, inferred: true },
    ]);
    expect(answer.slice(0, marks[0].start)).toBe('The apiary holds 14 hives.');
    expect(answer.slice(0, marks[1].start).endsWith('December.')).toBe(true);
  });

  it('adds nothing when no sentence reaches the threshold', () => {
    const report = attributionFromVectors({ question: null, answerSentences: [v(1, 0)], sources: [{ n: 1, sentences: [v(0, 1)] }], cited: [] });
    expect(inferCitations('Unrelated.', report.answerSupport)).toEqual([]);
  });
});
