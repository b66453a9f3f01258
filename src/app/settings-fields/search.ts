import type { Settings } from '../../core/settings';
import { choice, num } from './field-builders';
import type { FieldSpec } from './field-spec';
import { withWeight } from './updates';

export const SEARCH_FIELDS: readonly FieldSpec[] = [
  choice(
    'search.mode',
    'search',
    'Search by',
    [
      { value: 'hybrid', label: 'Keywords and meaning (hybrid)' },
      { value: 'bm25', label: 'Keywords only (BM25)' },
      { value: 'dense', label: 'Meaning only (vectors)' },
    ],
    (s) => s.search.mode,
    (s, v) => ({ ...s, search: { ...s.search, mode: v as Settings['search']['mode'] } }),
  ),
  num(
    'weights.bm25',
    'search',
    'Weight of keyword matches',
    [0, 1, 0.05],
    (s) => s.search.weights.bm25,
    (s, v) => withWeight(s, 'bm25', v),
    {
      symbol: 'BM25',
      hint: 'Used by the Search tab and by every question.',
    },
  ),
  num(
    'weights.dense',
    'search',
    'Weight of similar meaning',
    [0, 1, 0.05],
    (s) => s.search.weights.dense,
    (s, v) => withWeight(s, 'dense', v),
    {
      symbol: 'cosine of vectors',
      hint: 'Used by the Search tab and by every question.',
    },
  ),
  num(
    'search.limit',
    'search',
    'Results to show',
    [1, 200, 1],
    (s) => s.search.limit,
    (s, v) => ({ ...s, search: { ...s.search, limit: v } }),
  ),
];
