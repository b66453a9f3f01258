import { describe, expect, it } from 'vitest';
import { wordTokens } from './words';

describe('wordTokens', () => {
  it('lower-cases alphanumeric runs and drops punctuation', () => {
    expect(wordTokens('Net revenue rose 3.5% to $1,200 (FY2023).')).toEqual(['net', 'revenue', 'rose', '3', '5', 'to', '1', '200', 'fy2023']);
  });

  it('keeps letters outside ASCII and splits on apostrophes and hyphens', () => {
    expect(wordTokens("Café's año-end")).toEqual(['café', 's', 'año', 'end']);
  });

  it('returns an empty list for text without words', () => {
    expect(wordTokens('  --- | ... ')).toEqual([]);
    expect(wordTokens('')).toEqual([]);
  });
});
