import { describe, expect, it } from 'vitest';
import { charRanges } from './split-ranges';

describe('charRanges', () => {
  it('maps byte ranges of ASCII tokens to the same character ranges, the first from 0', () => {
    expect(
      charRanges('Net sales rose.', [
        { start: 0, end: 3, logProb: -5 },
        { start: 3, end: 9, logProb: -4 },
        { start: 9, end: 15, logProb: -0.1 },
      ]),
    ).toEqual([
      { start: 0, end: 3, logProb: -5 },
      { start: 3, end: 9, logProb: -4 },
      { start: 9, end: 15, logProb: -0.1 },
    ]);
  });

  it('gives a token that ends inside a character an empty range, and the token that completes it the whole character', () => {
    // "€" is 3 bytes; "a€b": a=0, €=1..4, b=4
    const out = charRanges('a€b', [
      { start: 0, end: 2, logProb: -1 }, // "a" + the euro sign's first byte
      { start: 2, end: 4, logProb: -2 }, // the rest of the euro sign
      { start: 4, end: 5, logProb: -3 },
    ]);
    expect(out).toEqual([
      { start: 0, end: 1, logProb: -1 },
      { start: 1, end: 2, logProb: -2 },
      { start: 2, end: 3, logProb: -3 },
    ]);
  });

  it('counts a character outside the basic plane as two UTF-16 units', () => {
    const out = charRanges('x😀', [
      { start: 0, end: 1, logProb: -1 },
      { start: 1, end: 5, logProb: -2 },
    ]);
    expect(out.map((t) => [t.start, t.end])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('takes the window to its end with the last token and starts at 0 even when the first token began in the prompt', () => {
    const out = charRanges('abc', [
      { start: 0, end: 1, logProb: -1 },
      { start: 1, end: 2, logProb: -1 },
    ]);
    expect(out.at(-1)).toEqual({ start: 1, end: 3, logProb: -1 });
    expect(charRanges('abc', [])).toEqual([]);
  });
});
