import { describe, expect, it } from 'vitest';
import { semanticChunks } from './semantic';
import { toUnits } from './units';
import { axisVector, sentencesOf } from './test-helpers';

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
    expect(units.slice(1).map((u) => u.text).join(' ').replace(/\s+/g, ' ')).toBe(long.trim());
  });

  it('hard-splits a single word longer than the limit', () => {
    const { text, sentences } = sentencesOf(['x'.repeat(25)]);
    const units = toUnits(text, sentences, 10);
    expect(units.map((u) => u.text.length)).toEqual([10, 10, 5]);
  });
});
