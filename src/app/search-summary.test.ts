import { describe, expect, it } from 'vitest';
import { rankingDescription } from './search-summary';

const settings = { mode: 'hybrid' as const, weights: { bm25: 0.3, dense: 0.7 } };
const fusion = (mode: string) => [
  { stage: 'bm25', ms: 1 },
  { stage: 'fusion', ms: 1, detail: { pool: 3, returned: 3, mode } },
];

describe('rankingDescription', () => {
  it('describes the weighted fusion of a hybrid search', () => {
    expect(rankingDescription({ traces: fusion('hybrid') }, settings)).toBe('ranked by fused score = 0.3 × BM25 (min-max) + 0.7 × cosine (min-max)');
  });

  it('says BM25 only after a keyword-only fallback, not the hybrid formula', () => {
    const text = rankingDescription({ traces: fusion('bm25'), warning: 'Keyword results only: model failed' }, settings);
    expect(text).toBe('ranked by BM25 keyword score only (no query embedding)');
    expect(text).not.toMatch(/cosine/);
  });

  it('falls back on the warning when there is no fusion trace', () => {
    expect(rankingDescription({ traces: [], warning: 'Keyword results only: x' }, settings)).not.toMatch(/cosine/);
  });

  it('describes keyword-only and dense-only modes chosen in settings', () => {
    expect(rankingDescription({ traces: fusion('bm25') }, { ...settings, mode: 'bm25' })).toBe('ranked by BM25 keyword score only');
    expect(rankingDescription({ traces: fusion('dense') }, { ...settings, mode: 'dense' })).toBe('ranked by cosine similarity only');
  });
});
