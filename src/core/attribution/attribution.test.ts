import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { answerSentenceTexts, attributionFromVectors, measureAttribution } from './attribution';
import { DEFAULT_ATTRIBUTION_THRESHOLD } from '../settings';

const DIM = 8;
/** Unit vector along axis i. */
const e = (i: number) => {
  const v = new Float32Array(DIM);
  v[i] = 1;
  return v;
};
/** Unit vector with equal weight on the given axes (cosine to each axis = 1/sqrt(k)). */
const mix = (...axes: number[]) => {
  const v = new Float32Array(DIM);
  for (const a of axes) v[a] = 1 / Math.sqrt(axes.length);
  return v;
};

describe('attributionFromVectors (exact vectors): use, citation and threshold', () => {
  it('computes used, cited, utilization, completeness and totals', () => {
    const report = attributionFromVectors({
      question: e(0),
      // The answer restates source 1 sentences 0 and 1, and source 2 sentence 2.
      answerSentences: [e(0), e(1), e(5)],
      sources: [
        { n: 1, sentences: [e(0), e(1), e(2), e(3)] },
        { n: 2, sentences: [e(4), mix(0, 4), e(5)] },
        { n: 3, sentences: [e(6), e(7)] },
      ],
      cited: [1, 3],
    });
    const [s1, s2, s3] = report.sources;
    expect(s1).toMatchObject({ n: 1, cited: true, used: true, sentences: 4, usedSentences: [0, 1] });
    expect(s1.utilization).toBe(0.5);
    // mix(0,4) has cosine 0.707 ≥ 0.6 to answer e(0): sentences 1 and 2 of source 2 are reflected.
    expect(s2).toMatchObject({ cited: false, used: true, usedSentences: [1, 2] });
    expect(s2.utilization).toBeCloseTo(2 / 3);
    expect(s3).toMatchObject({ cited: true, used: false, usedSentences: [], utilization: 0 });

    // Key sentences (top 2 by cosine to e(0)): s1 → [0, then 1 by index tie-break]; s2 → [1, 0]; s3 → [0, 1].
    expect(s1.keySentences).toEqual([0, 1]);
    expect(s1.coveredKeySentences).toEqual([0, 1]);
    expect(s2.keySentences).toEqual([1, 0]);
    expect(s2.coveredKeySentences).toEqual([1]);
    expect(s3.coveredKeySentences).toEqual([]);

    const t = report.totals;
    expect(t).toMatchObject({ sources: 3, cited: 2, used: 2, both: 1, citedNotUsed: 1, usedNotCited: 1 });
    expect(t.attributed).toBe(1); // every source is cited or used
    expect(t.usedShare).toBeCloseTo(2 / 3);
    expect(t.bothShare).toBeCloseTo(1 / 3);
    expect(t.meanUtilization).toBeCloseTo((0.5 + 2 / 3) / 2);
    expect(t.keySentences).toBe(6);
    expect(t.coveredKeySentences).toBe(3);
    expect(t.completeness).toBe(0.5);
    expect(t.threshold).toBe(DEFAULT_ATTRIBUTION_THRESHOLD);
  });

  it('threshold decides whether a partial match counts', () => {
    const input = {
      question: e(0),
      answerSentences: [mix(0, 1)], // cosine 0.707 to e(0)
      sources: [{ n: 1, sentences: [e(0), e(2)] }],
      cited: [],
    };
    expect(attributionFromVectors(input, { threshold: 0.6 }).sources[0]).toMatchObject({
      used: true,
      utilization: 0.5,
    });
    const strict = attributionFromVectors(input, { threshold: 0.8 });
    expect(strict.sources[0]).toMatchObject({ used: false, utilization: 0 });
    expect(strict.totals.meanUtilization).toBeNull();
    expect(strict.totals.attributed).toBe(0);
    expect(strict.totals.threshold).toBe(0.8);
    expect(strict.sources[0].bestSimilarity).toBeCloseTo(Math.SQRT1_2);
  });
});

describe('attributionFromVectors (exact vectors): completeness and edge cases', () => {
  it('keyPerSource and keyMinSimilarity shape completeness', () => {
    const input = {
      question: e(0),
      answerSentences: [e(0)],
      sources: [
        { n: 1, sentences: [e(0), mix(0, 1), e(2)] },
        { n: 2, sentences: [e(3)] }, // off-topic
      ],
      cited: [1],
    };
    const top1 = attributionFromVectors(input, { keyPerSource: 1 });
    expect(top1.sources.map((s) => s.keySentences)).toEqual([[0], [0]]);
    expect(top1.totals.completeness).toBe(0.5);
    // Off-topic sentences (cosine 0 to the question) are not key when a floor is set.
    const floored = attributionFromVectors(input, { keyPerSource: 1, keyMinSimilarity: 0.3 });
    expect(floored.sources[1].keySentences).toEqual([]);
    expect(floored.totals.completeness).toBe(1);
    const none = attributionFromVectors({ ...input, question: null });
    expect(none.totals.completeness).toBeNull();
  });

  it('handles an empty answer, no sources, empty sources and unknown citations', () => {
    const empty = attributionFromVectors({
      question: e(0),
      answerSentences: [],
      sources: [{ n: 1, sentences: [e(0)] }],
      cited: [],
    });
    expect(empty.sources[0]).toMatchObject({ used: false, utilization: 0, bestSimilarity: 0 });
    expect(empty.totals).toMatchObject({ attributed: 0, meanUtilization: null, completeness: 0 });

    const noSources = attributionFromVectors({ question: e(0), answerSentences: [e(0)], sources: [], cited: [2] });
    expect(noSources.totals).toMatchObject({
      sources: 0,
      attributed: null,
      meanUtilization: null,
      completeness: null,
      unknownCitations: [2],
    });

    const blank = attributionFromVectors({
      question: e(0),
      answerSentences: [e(0)],
      sources: [
        { n: 1, sentences: [] },
        { n: 2, sentences: [e(0)] },
      ],
      cited: [1, 7],
    });
    expect(blank.sources[0]).toMatchObject({ cited: true, used: false, sentences: 0, utilization: 0, keySentences: [] });
    expect(blank.totals).toMatchObject({ attributed: 1, meanUtilization: 1, completeness: 1, unknownCitations: [7] });
  });
});

describe('measureAttribution (FakeEmbedder)', () => {
  const sources = [
    { n: 1, text: 'The reactor uses molten salt cooling. Maintenance happens every spring.' },
    { n: 2, text: 'Bananas are rich in potassium. Apples grow in orchards.' },
  ];

  it('copying source 1 while citing [2]: 1 used-not-cited, 2 cited-not-used', async () => {
    const report = await measureAttribution({ question: 'How is the reactor cooled?', answer: 'The reactor uses molten salt cooling [2].', sources }, new FakeEmbedder(256));
    const [s1, s2] = report.sources;
    expect(s1).toMatchObject({ n: 1, used: true, cited: false, usedSentences: [0], utilization: 0.5 });
    expect(s2).toMatchObject({ n: 2, used: false, cited: true, usedSentences: [] });
    expect(s1.bestSimilarity).toBeCloseTo(1); // the marker [2] was stripped before embedding
    expect(report.totals).toMatchObject({ usedNotCited: 1, citedNotUsed: 1, both: 0, attributed: 1 });
    expect(report.totals.meanUtilization).toBe(0.5);
  });

  it('takes the cited sources from the caller when given, not from bracketed numbers in the text', async () => {
    const report = await measureAttribution(
      { question: 'How is the reactor cooled?', answer: 'The reactor uses molten salt cooling [2]. [1]', sources, cited: [1] },
      new FakeEmbedder(256),
    );
    expect(report.sources.map((s) => [s.n, s.cited])).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('an extractive answer quoting a whole source verbatim has full utilization', async () => {
    const answer = 'The reactor uses molten salt cooling [1]. Maintenance happens every spring [1].';
    const report = await measureAttribution({ question: 'Tell me about the reactor cooling and maintenance.', answer, sources }, new FakeEmbedder(256), { keyPerSource: 1 });
    expect(report.sources[0]).toMatchObject({ cited: true, used: true, utilization: 1, usedSentences: [0, 1] });
    expect(report.sources[1]).toMatchObject({ cited: false, used: false });
    expect(report.totals.meanUtilization).toBe(1);
    expect(report.totals.attributed).toBe(0.5);
    // Key sentence of source 1 is covered, that of source 2 is not.
    expect(report.totals.completeness).toBe(0.5);
  });

  it('threshold: a paraphrase sharing some words counts only under a low threshold', async () => {
    const input = { question: 'reactor', answer: 'The reactor has salt cooling.', sources };
    const emb = new FakeEmbedder(256);
    const loose = await measureAttribution(input, emb, { threshold: 0.5 });
    const strict = await measureAttribution(input, emb, { threshold: 0.95 });
    expect(loose.sources[0].used).toBe(true);
    expect(strict.sources[0].used).toBe(false);
  });

  it('empty answer, no sources, a source with no sentences, unknown citation numbers', async () => {
    const emb = new FakeEmbedder(256);
    const empty = await measureAttribution({ question: 'q', answer: '', sources }, emb);
    expect(empty.totals).toMatchObject({ answerSentences: 0, used: 0, attributed: 0, completeness: 0 });

    const none = await measureAttribution({ question: 'q', answer: 'Something [3].', sources: [] }, emb);
    expect(none.totals).toMatchObject({ sources: 0, attributed: null, unknownCitations: [3] });

    const blank = await measureAttribution({ question: 'q', answer: 'Bananas are rich in potassium [1, 9].', sources: [{ n: 1, text: '  \n ' }, sources[1]] }, emb);
    expect(blank.sources[0]).toMatchObject({ sentences: 0, cited: true, used: false, utilization: 0 });
    expect(blank.sources[1]).toMatchObject({ used: true, cited: false });
    expect(blank.totals.unknownCitations).toEqual([9]);

    const nothing = await measureAttribution({ question: '', answer: '', sources: [] }, emb);
    expect(nothing.totals).toMatchObject({ sources: 0, completeness: null });
  });

  it('strips citation markers from answer sentences', () => {
    expect(answerSentenceTexts('Salt cools it [1, 2]. See [3]. [4]')).toEqual(['Salt cools it.', 'See.']);
  });
});
