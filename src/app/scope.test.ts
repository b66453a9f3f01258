import { describe, expect, it } from 'vitest';
import { inScope, pruneScope, scopeButtonLabel, scopeLabel, scopeLine, toggleInScope } from './scope';

const docs = [
  { id: 'a', title: 'Adobe Systems Incorporated · 10-K · FY2015' },
  { id: 'b', title: 'Adobe Systems Incorporated · 10-K · FY2016' },
  { id: 'c', title: 'Harbour notes' },
];

describe('document scope', () => {
  it('drops documents no longer in the library', () => {
    expect(pruneScope(['a', 'gone'], docs)).toEqual(['a']);
    expect(pruneScope(['gone'], docs)).toEqual([]);
  });

  it('treats choosing every document as all documents', () => {
    expect(pruneScope(['a', 'b', 'c'], docs)).toEqual([]);
    expect(pruneScope(['c', 'a', 'b', 'a'], docs)).toEqual([]);
  });

  it('toggles one document, starting from all', () => {
    expect(toggleInScope([], 'b', docs)).toEqual(['a', 'c']);
    expect(toggleInScope(['a'], 'c', docs)).toEqual(['a', 'c']);
    expect(toggleInScope(['a', 'c'], 'a', docs)).toEqual(['c']);
    expect(toggleInScope(['a', 'c'], 'b', docs)).toEqual([]);
  });

  it('keeps the last chosen document chosen', () => {
    expect(toggleInScope(['a'], 'a', docs)).toEqual(['a']);
    expect(toggleInScope(['a', 'gone'], 'a', docs)).toEqual(['a']);
  });

  it('counts every document in scope when all are chosen', () => {
    expect(inScope([], 'a')).toBe(true);
    expect(inScope(['b'], 'a')).toBe(false);
    expect(inScope(['b'], 'b')).toBe(true);
  });

  it('labels the filter button', () => {
    expect(scopeButtonLabel([], docs)).toBe('All documents');
    expect(scopeButtonLabel(['b'], docs)).toBe('Adobe Systems Incorporated · 10-K · FY2016');
    expect(scopeButtonLabel(['a', 'c'], docs)).toBe('2 documents');
    expect(scopeButtonLabel(['gone'], docs)).toBe('All documents');
  });

  it('says what a question was asked of', () => {
    expect(scopeLabel(undefined, docs)).toBe('all documents');
    expect(scopeLabel([], docs)).toBe('all documents');
    expect(scopeLabel(['a'], docs)).toBe('Adobe Systems Incorporated · 10-K · FY2015');
    expect(scopeLabel(['a', 'c'], docs)).toBe('Adobe Systems Incorporated · 10-K · FY2015; Harbour notes');
    expect(scopeLabel(['a', 'gone'], docs)).toBe('Adobe Systems Incorporated · 10-K · FY2015; 1 removed document');
  });

  it('writes the line under a question', () => {
    expect(scopeLine(undefined, docs)).toBe('Searched: all documents');
    expect(scopeLine(['c'], docs, true)).toBe('Searched: Harbour notes, not only the ones named');
    // while it runs, routing has not decided yet: say what it was asked of
    expect(scopeLine(undefined, docs, false, true)).toBe('Asked of all documents…');
    expect(scopeLine(['c'], docs, false, true, 'search')).toBe('Searching Harbour notes…');
  });
});
