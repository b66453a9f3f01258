import { describe, expect, it } from 'vitest';
import { correctDecay, decayAt, fitDecay, mergeWindowScores, pickBoundaries, pickBoundariesDetailed, snapToWhitespace, windows } from './boundaries';
import { splitPrompt, SPLIT_CHAR } from './prompts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('windows', () => {
  it('returns nothing for empty text and one window for short text', () => {
    expect(windows('', { windowChars: 10, overlapChars: 2 })).toEqual([]);
    expect(windows('hello world', { windowChars: 100, overlapChars: 20 })).toEqual([{ start: 0, end: 11 }]);
  });

  it('covers the text with overlapping windows cut at whitespace', () => {
    const text = words(200);
    const ws = windows(text, { windowChars: 100, overlapChars: 30 });
    expect(ws[0].start).toBe(0);
    expect(ws[ws.length - 1].end).toBe(text.length);
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i];
      expect(w.end - w.start).toBeLessThanOrEqual(100);
      if (w.end < text.length) expect(text[w.end]).toBe(' ');
      if (w.start > 0) expect(text[w.start - 1]).toBe(' ');
      if (i > 0) {
        expect(w.start).toBeGreaterThan(ws[i - 1].start);
        expect(w.start).toBeLessThan(ws[i - 1].end); // overlap
        expect(ws[i - 1].end - w.start).toBeLessThanOrEqual(30);
        expect(ws[i - 1].end - w.start).toBeGreaterThan(20);
      }
    }
  });

  it('makes progress on a single word longer than the window', () => {
    const ws = windows('x'.repeat(25), { windowChars: 10, overlapChars: 5 });
    expect(ws[ws.length - 1].end).toBe(25);
    expect(ws.length).toBeLessThan(10);
  });

  it('keeps the overlap in text without spaces', () => {
    const text = '灯塔'.repeat(30);
    const ws = windows(text, { windowChars: 20, overlapChars: 6 });
    expect(ws[0]).toEqual({ start: 0, end: 20 });
    expect(ws[1].start).toBe(14);
    for (let i = 1; i < ws.length; i++) expect(ws[i].start).toBeLessThan(ws[i - 1].end);
    expect(ws[ws.length - 1].end).toBe(text.length);
  });
});

describe('decay fit and correction', () => {
  it('recovers a synthetic a, b and flattens the trend', () => {
    const a = -3;
    const b = -1.5;
    const pts = Array.from({ length: 200 }, (_, i) => ({ pos: i * 7, logProb: a + b * Math.log1p(i * 7) + (i % 2 ? 0.01 : -0.01) }));
    const fit = fitDecay(pts);
    expect(fit.a).toBeCloseTo(a, 1);
    expect(fit.b).toBeCloseTo(b, 2);
    expect(decayAt(fit, 100)).toBeCloseTo(a + b * Math.log1p(100), 1);
    const corrected = correctDecay(
      pts.map((p) => ({ start: p.pos - 1, end: p.pos, logProb: p.logProb })),
      fit,
    );
    for (const c of corrected) expect(Math.abs(c.score)).toBeLessThan(0.05);
    expect(corrected[0].logProb).toBe(pts[0].logProb); // original kept
  });

  it('handles degenerate inputs', () => {
    expect(fitDecay([])).toEqual({ a: 0, b: 0, n: 0 });
    expect(fitDecay([{ pos: 3, logProb: -2 }])).toEqual({ a: -2, b: 0, n: 1 });
    const same = fitDecay([
      { pos: 5, logProb: -1 },
      { pos: 5, logProb: -3 },
      { pos: 5, logProb: -2 },
    ]);
    expect(same.b).toBe(0);
    expect(same.a).toBeCloseTo(-2);
    const withInf = fitDecay([
      { pos: 1, logProb: -Infinity },
      { pos: 2, logProb: -4 },
    ]);
    expect(withInf).toEqual({ a: -4, b: 0, n: 1 });
  });
});

describe('snapToWhitespace', () => {
  const text = 'alpha bravo charlie';
  it('keeps offsets at word edges', () => {
    expect(snapToWhitespace(text, 5)).toBe(5);
    expect(snapToWhitespace(text, 6)).toBe(6);
    expect(snapToWhitespace(text, 0)).toBe(0);
    expect(snapToWhitespace(text, text.length)).toBe(text.length);
  });
  it('moves an offset inside a word to the nearest whitespace, ties after', () => {
    expect(snapToWhitespace(text, 9)).toBe(11); // bra|vo → after "bravo"
    expect(snapToWhitespace(text, 7)).toBe(6); // b|ravo → before "bravo"
    expect(snapToWhitespace('ab cd', 4)).toBe(5); // c|d → end of text
    expect(snapToWhitespace('abcd efgh', 2)).toBe(4); // tie (2 each way to 0 / 4) → after
  });
  it('keeps the offset when no whitespace is near (e.g. CJK)', () => {
    const cjk = '文'.repeat(300);
    expect(snapToWhitespace(cjk, 150)).toBe(150);
  });
});

describe('mergeWindowScores', () => {
  it('keeps the score from the window where the offset is farthest from a cut edge', () => {
    const merged = mergeWindowScores(
      [
        {
          window: { start: 0, end: 100 },
          scores: [
            { offset: 60, score: 1 },
            { offset: 95, score: 2 },
            { offset: 10, score: 5 },
          ],
        },
        {
          window: { start: 50, end: 150 },
          scores: [
            { offset: 60, score: 9 },
            { offset: 95, score: 7 },
            { offset: 140, score: 3 },
          ],
        },
      ],
      150,
    );
    expect(merged).toEqual([
      { offset: 10, score: 5 },
      { offset: 60, score: 1 }, // 60 is 40 from window 1's cut end, 10 from window 2's cut start
      { offset: 95, score: 7 }, // 5 from window 1's end, 45 from window 2's start
      { offset: 140, score: 3 },
    ]);
  });
  it('keeps the highest score when tokens of one window share an offset', () => {
    const merged = mergeWindowScores(
      [
        {
          window: { start: 0, end: 10 },
          scores: [
            { offset: 4, score: 1 },
            { offset: 4, score: 3 },
          ],
        },
      ],
      10,
    );
    expect(merged).toEqual([{ offset: 4, score: 3 }]);
  });
});

describe('pickBoundaries', () => {
  const flat = (len: number, step = 10, base = 0) => Array.from({ length: len / step - 1 }, (_, i) => ({ offset: (i + 1) * step, score: base }));
  const withPeaks = (len: number, peaks: Record<number, number>) => flat(len).map((s) => ({ ...s, score: peaks[s.offset] ?? 0 }));

  it('picks local maxima above the threshold', () => {
    const scores = withPeaks(1000, { 300: 5, 600: 4, 800: 1.5 });
    expect(pickBoundaries(scores, { threshold: 2, minChars: 50, maxChars: 2000, length: 1000 })).toEqual([300, 600]);
  });

  it('takes the strongest first and respects minChars (between boundaries and from the edges)', () => {
    const scores = withPeaks(1000, { 300: 5, 340: 8, 30: 9, 980: 9, 700: 3 });
    expect(pickBoundaries(scores, { threshold: 2, minChars: 100, maxChars: 2000, length: 1000 })).toEqual([340, 700]);
  });

  it('breaks ties toward the earlier offset', () => {
    const scores = withPeaks(1000, { 400: 5, 450: 5 });
    expect(pickBoundaries(scores, { threshold: 2, minChars: 100, maxChars: 2000, length: 1000 })).toEqual([400]);
    // a plateau counts once, at its first offset
    const plateau = withPeaks(1000, { 400: 5, 410: 5, 420: 5 });
    expect(pickBoundaries(plateau, { threshold: 2, minChars: 5, maxChars: 2000, length: 1000 })).toEqual([400]);
  });

  it('forces boundaries at the best score where a gap exceeds maxChars', () => {
    const scores = withPeaks(1000, { 250: 1, 600: 1.5, 700: 1.2 });
    const picked = pickBoundariesDetailed(scores, { threshold: 2, minChars: 50, maxChars: 400, length: 1000 });
    expect(picked).toEqual([
      { offset: 250, reason: 'forced-score' },
      { offset: 600, reason: 'forced-score' },
    ]);
    const cuts = [0, ...picked.map((p) => p.offset), 1000];
    for (let i = 1; i < cuts.length; i++) expect(cuts[i] - cuts[i - 1]).toBeLessThanOrEqual(400);
  });

  it('forces at whitespace when there are no scores, else hard', () => {
    const text = words(100); // "w0 w1 ..." length 389
    const b = pickBoundariesDetailed([], { threshold: 2, minChars: 20, maxChars: 100, text });
    expect(b.length).toBeGreaterThanOrEqual(3);
    let prev = 0;
    for (const x of b) {
      expect(x.reason).toBe('forced-space');
      expect(text[x.offset]).toBe(' ');
      expect(x.offset - prev).toBeLessThanOrEqual(100);
      prev = x.offset;
    }
    expect(text.length - prev).toBeLessThanOrEqual(100);
    expect(pickBoundariesDetailed([], { threshold: 2, minChars: 20, maxChars: 100, length: 250 })).toEqual([
      { offset: 100, reason: 'forced-hard' },
      { offset: 200, reason: 'forced-hard' },
    ]);
  });

  it('returns nothing for empty scores on short text', () => {
    expect(pickBoundaries([], { threshold: 0, minChars: 10, maxChars: 100, length: 50 })).toEqual([]);
    expect(pickBoundaries([], { threshold: 0, minChars: 10, maxChars: 100, length: 0 })).toEqual([]);
  });
});

describe('splitPrompt', () => {
  it('ends with the window text and mentions the split character', () => {
    const p = splitPrompt('Some text here.');
    expect(p.endsWith('Some text here.')).toBe(true);
    expect(p).toContain(SPLIT_CHAR);
    expect(SPLIT_CHAR).toBe('段');
  });
});
