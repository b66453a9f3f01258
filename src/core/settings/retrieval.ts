export interface FusionWeights {
  bm25: number;
  dense: number;
}

export const DEFAULT_WEIGHTS: FusionWeights = { bm25: 0.5, dense: 0.5 };

export interface SearchSettings {
  mode: 'hybrid' | 'bm25' | 'dense';
  weights: FusionWeights;
  limit: number;
}

/** PrefilterOptions.minRows' default: int8 dense searches over fewer rows score every row exactly. */
export const DEFAULT_PREFILTER_ROWS = 200_000;
