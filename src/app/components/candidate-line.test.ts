import { describe, expect, it } from 'vitest';
import { candidateDetailsId, candidateLineClass } from './candidate-line';
import { rowFilterChipClass } from './row-filter-options';

describe('candidate lines and filter chips', () => {
  it('gives each candidate’s details an id safe in an attribute', () => {
    expect(candidateDetailsId('doc 1:chunk#2')).toBe('cand-details-doc_1_chunk_2');
  });

  it('classes a line by its verdict, and as filtered, open and flashing', () => {
    expect(candidateLineClass(undefined, false, false)).toBe('cand verdict-pending');
    expect(candidateLineClass('kept', true, false)).toBe('cand verdict-kept open');
    expect(candidateLineClass('duplicate', false, true)).toBe('cand verdict-duplicate filtered flash');
  });

  it('sets the reasons’ chips apart from All, Kept and Filtered', () => {
    expect(rowFilterChipClass(0, 'all', true)).toBe('on');
    expect(rowFilterChipClass(2, 'filtered', false)).toBe('');
    expect(rowFilterChipClass(3, 'duplicate', false)).toBe(' first-reason reason duplicate');
    expect(rowFilterChipClass(4, 'below-threshold', true)).toBe('on reason below-threshold');
  });
});
