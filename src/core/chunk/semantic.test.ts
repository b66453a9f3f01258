import { describe, expect, it } from 'vitest';
import { effectiveThreshold, MIN_CHUNK_CHARS, percentileOf, semanticChunks } from './semantic';
import { toUnits } from './units';
import { axisVector, sentencesOf } from '../../testing/vectors';

const base = { docId: 'd', pages: [], sections: [] };

describe('semanticChunks', () => {
  it('merges neighbours at or above the threshold and splits below it', () => {
    const { text, sentences } = sentencesOf(['Cats purr.', 'Cats nap.', 'Cats hunt.', 'Stocks fell.', 'Bonds rose.']);
    // cos(0.1 rad) ≈ 0.995; sentences 0-2 share axis 0, 3-4 share axis 2.
    const vectors = [axisVector(4, 0), axisVector(4, 0, 0.1), axisVector(4, 0), axisVector(4, 2), axisVector(4, 2, 0.1)];
    const r = semanticChunks({ ...base, text, sentences, vectors, threshold: 0.8, maxChars: 500 });
    expect(r.chunks.map((c) => c.text)).toEqual(['Cats purr. Cats nap. Cats hunt.', 'Stocks fell. Bonds rose.']);
    expect(r.boundaries).toEqual([{ sentence: 3, reason: 'similarity' }]);
    expect(r.neighbourSims[2]).toBeCloseTo(0, 5);
    expect(r.neighbourSims[0]).toBeCloseTo(Math.cos(0.1), 5);
    expect(r.chunks[1]).toMatchObject({ id: 'd#1', sentenceStart: 3, sentenceEnd: 5, start: text.indexOf('Stocks') });
  });

  it('treats a similarity exactly at the threshold as joining', () => {
    const { text, sentences } = sentencesOf(['One.', 'Two.']);
    const tilt = Math.acos(0.8);
    const r = semanticChunks({ ...base, text, sentences, vectors: [axisVector(3, 0), axisVector(3, 0, tilt - 1e-6)], threshold: 0.8, maxChars: 500 });
    expect(r.chunks).toHaveLength(1);
  });

  it('never lets a chunk exceed maxChars even when every neighbour is similar', () => {
    const pieces = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} talks about the same topic again.`);
    const { text, sentences } = sentencesOf(pieces);
    const vectors = pieces.map(() => axisVector(2, 0));
    const r = semanticChunks({ ...base, text, sentences, vectors, threshold: 0.8, maxChars: 200 });
    expect(r.chunks.length).toBeGreaterThan(1);
    for (const c of r.chunks) expect(c.text.length).toBeLessThanOrEqual(200);
    expect(r.chunks.map((c) => c.text).join(' ')).toBe(text);
    expect(r.boundaries.every((b) => b.reason === 'length')).toBe(true);
  });

  it('starts a new chunk at a section change and records the section path and pages', () => {
    const { text, sentences } = sentencesOf(['Intro text.', 'More intro.', 'Results text.'], '\n\n');
    const split = text.indexOf('Results');
    const sections = [
      { start: 0, end: split, path: ['Intro'] },
      { start: split, end: text.length, path: ['Results'] },
    ];
    const pages = [
      { page: 1, start: 0, end: 15 },
      { page: 2, start: 15, end: text.length },
    ];
    const vectors = sentences.map(() => axisVector(2, 0));
    const r = semanticChunks({ docId: 'd', text, sentences, vectors, threshold: 0.8, maxChars: 500, sections, pages });
    expect(r.chunks.map((c) => c.sectionPath)).toEqual([['Intro'], ['Results']]);
    expect(r.boundaries).toEqual([{ sentence: 2, reason: 'section' }]);
    expect(r.chunks[0]).toMatchObject({ pageStart: 1, pageEnd: 2 });
    expect(r.chunks[1]).toMatchObject({ pageStart: 2, pageEnd: 2 });
  });

  it('keeps a heading line with the sentence after it, however dissimilar', () => {
    const { text, sentences } = sentencesOf(['Results', 'Revenue rose.', 'Costs fell.'], '\n\n');
    const sections = [{ start: 0, end: text.length, path: ['Results'] }];
    const vectors = [axisVector(3, 0), axisVector(3, 1), axisVector(3, 2)];
    const r = semanticChunks({ docId: 'd', text, sentences, vectors, threshold: 0.8, maxChars: 500, sections, pages: [] });
    expect(r.chunks.map((c) => c.text)).toEqual(['Results\n\nRevenue rose.', 'Costs fell.']);
  });

  it('returns nothing for no sentences', () => {
    const r = semanticChunks({ ...base, text: '', sentences: [], vectors: [], threshold: 0.8, maxChars: 500 });
    expect(r.chunks).toEqual([]);
    expect(r.neighbourSims.length).toBe(0);
  });
});

/** Unit vectors whose neighbour cosines are exactly `sims` (each turned by acos(sim) from the last, in a plane). */
function withNeighbourSims(sims: number[]): Float32Array[] {
  let angle = 0;
  const out = [Float32Array.from([1, 0])];
  for (const s of sims) {
    angle += Math.acos(s);
    out.push(Float32Array.from([Math.cos(angle), Math.sin(angle)]));
  }
  return out;
}

describe('semanticChunks with a percentile breakpoint', () => {
  it("takes the percentile of the document's own neighbour similarities", () => {
    const sims = [0.9, 0.1, 0.5, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6];
    expect(percentileOf(sims, 50)).toBeCloseTo(0.5, 10);
    expect(percentileOf(sims, 0)).toBeCloseTo(0.1, 10);
    expect(percentileOf(sims, 100)).toBeCloseTo(0.9, 10);
    expect(percentileOf(sims, 25)).toBeCloseTo(0.3, 10);
    expect(percentileOf([0.2, 0.4], 50)).toBeCloseTo(0.3, 10); // interpolated between ranks
    expect(percentileOf([], 50)).toBeNaN();
    expect(effectiveThreshold(sims, { threshold: 0.8 })).toBe(0.8);
    expect(effectiveThreshold(sims, { threshold: 0.8, percentile: 50 })).toBeCloseTo(0.5, 10);
    expect(effectiveThreshold([], { threshold: 0.8, percentile: 50 })).toBe(0.8);
  });

  it('merges sentences whose similarities are all low for an absolute θ (as with the bundled model)', () => {
    const sims = [0.45, 0.32, 0.58, 0.41, 0.36, 0.52, 0.3, 0.55, 0.48, 0.39, 0.6];
    const pieces = sims.concat(0).map((_, i) => `Sentence ${i} about the harbour.`);
    const { text, sentences } = sentencesOf(pieces);
    const vectors = withNeighbourSims(sims);
    const absolute = semanticChunks({ ...base, text, sentences, vectors, threshold: 0.8, maxChars: 500 });
    expect(absolute.chunks).toHaveLength(sentences.length); // one sentence each
    expect(absolute.threshold).toBe(0.8);

    const p25 = semanticChunks({ ...base, text, sentences, vectors, threshold: 0.8, percentile: 25, maxChars: 500 });
    expect(p25.threshold).toBeCloseTo(percentileOf(p25.neighbourSims, 25), 10);
    expect(p25.threshold).toBeGreaterThan(0.3);
    expect(p25.threshold).toBeLessThan(0.45);
    // the quarter of pairs least alike cut; the rest merge
    const cuts = p25.boundaries.filter((b) => b.reason === 'similarity').map((b) => b.sentence);
    expect(cuts).toEqual([2, 5, 7]); // after 0.32, 0.36 and 0.3
    expect(p25.chunks).toHaveLength(4);
    expect(p25.chunks.every((c) => c.sentenceEnd - c.sentenceStart > 1)).toBe(true);
    expect(p25.chunks.map((c) => c.text).join(' ')).toBe(text);
    expect(p25.trace.detail).toMatchObject({ percentile: 25, threshold: Number(p25.threshold.toFixed(4)) });
  });

  it('still keeps to maxChars and section boundaries', () => {
    const sims = new Array(29).fill(0).map((_, i) => 0.3 + (i % 7) * 0.05);
    const pieces = sims.concat(0).map((_, i) => `Sentence number ${i} talks about the topic.`);
    const { text, sentences } = sentencesOf(pieces, '\n\n');
    const split = sentences[15].start;
    const sections = [
      { start: 0, end: split, path: ['One'] },
      { start: split, end: text.length, path: ['Two'] },
    ];
    const r = semanticChunks({ docId: 'd', text, sentences, vectors: withNeighbourSims(sims), threshold: 0.8, percentile: 0, maxChars: 200, sections, pages: [] });
    for (const c of r.chunks) expect(c.text.length).toBeLessThanOrEqual(200);
    expect(r.boundaries.some((b) => b.sentence === 15 && b.reason === 'section')).toBe(true);
    expect(r.boundaries.some((b) => b.reason === 'length')).toBe(true);
    expect(r.boundaries.some((b) => b.reason === 'similarity')).toBe(false); // P0: nothing is below the least similar pair
  });

  it('without a percentile, behaves as before and reports θ in its trace', () => {
    const { text, sentences } = sentencesOf(['Cats purr.', 'Cats nap.', 'Stocks fell.']);
    const vectors = [axisVector(4, 0), axisVector(4, 0, 0.1), axisVector(4, 2)];
    const r = semanticChunks({ ...base, text, sentences, vectors, threshold: 0.8, maxChars: 500 });
    expect(r.chunks.map((c) => c.text)).toEqual(['Cats purr. Cats nap.', 'Stocks fell.']);
    expect(r.threshold).toBe(0.8);
    expect(r.trace.detail).toEqual({ chunker: 'semantic', chunks: 2, merged: 1, threshold: 0.8 });
  });
});

describe('toUnits', () => {
  it('splits an over-long sentence at a clause boundary, keeping offsets exact', () => {
    const long = 'The company grew revenue in every region, ' + 'and margins widened considerably '.repeat(4) + 'while costs fell.';
    const { text, sentences } = sentencesOf(['Short one.', long]);
    const units = toUnits(text, sentences, 60);
    expect(units[0].text).toBe('Short one.');
    for (const u of units) {
      expect(u.text.length).toBeLessThanOrEqual(60);
      expect(text.slice(u.start, u.end)).toBe(u.text);
    }
    expect(units[1].text).toBe('The company grew revenue in every region,');
    expect(units.map((u) => u.index)).toEqual(units.map((_, i) => i));
    // nothing lost except the whitespace between pieces
    expect(
      units
        .slice(1)
        .map((u) => u.text)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toBe(long.trim());
  });

  it('hard-splits a single word longer than the limit', () => {
    const { text, sentences } = sentencesOf(['x'.repeat(25)]);
    const units = toUnits(text, sentences, 10);
    expect(units.map((u) => u.text.length)).toEqual([10, 10, 5]);
  });
});

describe('semanticChunks never makes a fragment a chunk', () => {
  it('runs a fragment on into what follows, and joins a last fragment to the chunk before it', () => {
    const { text, sentences } = sentencesOf(['Gross margin was strong this year.', 'low', 'Operating costs rose by a tenth.', 'n/a'], '\n');
    const vectors = [axisVector(4, 0), axisVector(4, 1), axisVector(4, 2), axisVector(4, 3)];
    const r = semanticChunks({ ...base, text, sentences, vectors, threshold: 0.8, maxChars: 500 });
    expect(r.chunks.map((c) => c.text)).toEqual(['Gross margin was strong this year.', 'low\nOperating costs rose by a tenth.\nn/a']);
    expect(r.chunks.every((c) => c.text.length >= MIN_CHUNK_CHARS)).toBe(true);
  });
});
