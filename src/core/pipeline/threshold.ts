export interface ThresholdResult {
  threshold: number;
  mean: number;
  std: number;
  variance: number;
  /** Which rule chose the threshold. */
  rule: 'mean+std' | 'mean' | 'llm' | 'floor' | 'relative';
}

/**
 * ChunkRAG's dynamic threshold over final relevance scores: when the scores are bunched
 * together (variance below ε) the mean alone would keep about half of near-equal chunks, so
 * T = μ + σ keeps only the clearly better ones; otherwise T = μ. Never below `floor`, so a
 * set of uniformly poor chunks keeps nothing.
 */
export function dynamicThreshold(scores: number[], epsilon: number, floor: number): ThresholdResult {
  if (scores.length === 0) return { threshold: floor, mean: 0, std: 0, variance: 0, rule: 'floor' };
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const variance = scores.reduce((a, s) => a + (s - mean) ** 2, 0) / scores.length;
  // Equal scores: the float mean can land a hair above each of them; they are all the mean.
  const std = variance < 1e-12 ? 0 : Math.sqrt(variance);
  const raw = variance < 1e-12 ? Math.min(...scores) : variance < epsilon ? mean + std : mean;
  const rule = variance < epsilon ? 'mean+std' : 'mean';
  return raw >= floor ? { threshold: raw, mean, std, variance, rule } : { threshold: floor, mean, std, variance, rule: 'floor' };
}

/**
 * The retrieval-only threshold. Without a language model the grades are retrieval scores, which
 * rank candidates but say little about how many are relevant: ChunkRAG's mean keeps about half
 * of however many were retrieved, whatever the budget. Here a candidate is kept when its grade
 * is at least `share` of the best one's (and above the floor); the context budget then decides
 * how many of those are given.
 */
export function relativeThreshold(scores: number[], share: number, floor: number): ThresholdResult {
  const base = dynamicThreshold(scores, 0, floor);
  if (scores.length === 0) return base;
  const raw = share * Math.max(...scores);
  return raw >= floor ? { ...base, threshold: raw, rule: 'relative' } : { ...base, threshold: floor, rule: 'floor' };
}
