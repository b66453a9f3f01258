import { describe, expect, it } from 'vitest';
import { cleanLine, flattenLine, isBlank, normalizeNewlines } from './normalize';

describe('normalizeNewlines', () => {
  it('turns CRLF, CR and Unicode line separators into "\\n"', () => {
    expect(normalizeNewlines('a\r\nb\rc\u2028d')).toBe('a\nb\nc\nd');
  });

  it('composes accents (NFC)', () => {
    expect(normalizeNewlines('cafe\u0301')).toBe('caf\u00e9');
  });
});

describe('cleanLine', () => {
  it('collapses every kind of horizontal space and trims', () => {
    expect(cleanLine(' \t net\u00a0\u00a0sales \u2009 rose\r ')).toBe('net sales rose');
  });

  it('drops zero-width characters, soft hyphens, BOMs and control characters', () => {
    expect(cleanLine('\ufeffin\u00adfor\u200bma\u0007tion')).toBe('information');
  });
});

describe('flattenLine', () => {
  it('joins soft-wrapped lines with single spaces', () => {
    expect(flattenLine('  first line\n   second\n\nthird ')).toBe('first line second third');
  });
});

describe('isBlank', () => {
  it('is true only for text without visible characters', () => {
    expect(isBlank(' \n\t\u00a0\u200b\n')).toBe(true);
    expect(isBlank(' x ')).toBe(false);
  });
});
