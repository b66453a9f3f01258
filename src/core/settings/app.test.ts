import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, withDefaults } from '.';

describe('withDefaults', () => {
  it('fills missing parts from the defaults', () => {
    expect(withDefaults(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(withDefaults({ search: { mode: 'bm25' } as never }).search).toEqual({ ...DEFAULT_SETTINGS.search, mode: 'bm25' });
  });

  it('keeps numbers in range and replaces ones that are not numbers', () => {
    const s = withDefaults({
      chunker: { kind: 'semantic', threshold: 3, maxChars: Number('') },
      search: { mode: 'hybrid', weights: { bm25: -1, dense: NaN }, limit: 1e6 },
    });
    expect(s.chunker).toEqual({ kind: 'semantic', threshold: 1, maxChars: 50, headers: true });
    expect(s.search).toEqual({ mode: 'hybrid', weights: { bm25: 0, dense: 0.5 }, limit: 200 });
    expect(withDefaults({ chunker: { kind: 'fixed', size: 100, overlap: 400 } }).chunker).toEqual({ kind: 'fixed', size: 100, overlap: 99, headers: true });
    // headers in vectors only with headers on, and only when asked for (so older settings compare equal)
    expect(withDefaults({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headerVectors: true } }).chunker).toMatchObject({ headers: true, headerVectors: true });
    expect(withDefaults({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: false, headerVectors: true } }).chunker).not.toHaveProperty('headerVectors');
    expect(withDefaults({ chunker: { kind: 'llm', threshold: NaN, minChars: 900, maxChars: 1000 } }).chunker).toEqual({
      kind: 'llm',
      threshold: 2,
      minChars: 500,
      maxChars: 1000,
      headers: true,
    });
  });

  it('keeps a semantic percentile in range, and leaves settings saved without one meaning an absolute θ', () => {
    const old = withDefaults({ chunker: { kind: 'semantic', threshold: 0.7, maxChars: 400, headers: true } }).chunker;
    expect(old).toEqual({ kind: 'semantic', threshold: 0.7, maxChars: 400, headers: true });
    expect(JSON.stringify(old)).toBe(JSON.stringify({ kind: 'semantic', threshold: 0.7, maxChars: 400, headers: true }));
    expect(withDefaults({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, percentile: 25 } }).chunker).toEqual({
      kind: 'semantic',
      threshold: 0.8,
      maxChars: 500,
      percentile: 25,
      headers: true,
    });
    expect(withDefaults({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, percentile: 140 } }).chunker).toMatchObject({ percentile: 100 });
    expect(withDefaults({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, percentile: NaN } }).chunker).not.toHaveProperty('percentile');
  });
});
