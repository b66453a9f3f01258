import { DEFAULT_WEIGHTS, type FusionWeights } from '../settings';

interface ScoredId {
  id: string;
  bm25: number;
  dense: number;
}

interface FusedScore extends ScoredId {
  bm25Norm: number;
  denseNorm: number;
  fused: number;
}

/** Scales values to [0, 1] by min and max; all-equal values map to 1 if positive, else 0. */
export function minMax(values: number[]): number[] {
  if (values.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (hi === lo) return values.map(() => (hi > 0 ? 1 : 0));
  return values.map((v) => (v - lo) / (hi - lo));
}

/**
 * Hybrid score: each signal min-max normalised over the candidate set, then a weighted sum
 * (weights normalised to add up to 1; both zero counts as equal weights).
 * Sorted best first; ties keep the input order, so results are deterministic.
 */
export function fuse(candidates: ScoredId[], weights: FusionWeights = DEFAULT_WEIGHTS): FusedScore[] {
  const b = minMax(candidates.map((c) => c.bm25));
  const d = minMax(candidates.map((c) => c.dense));
  // Weights are relative: the fused score stays in [0, 1] whatever they add up to.
  const total = weights.bm25 + weights.dense;
  const [wb, wd] = total > 0 ? [weights.bm25 / total, weights.dense / total] : [0.5, 0.5];
  const fused = candidates.map((_, i) => wb * b[i] + wd * d[i]);
  // Sorting indices and building each result once (no spread or rest objects) keeps this cheap.
  const order = candidates.map((_, i) => i).sort((x, y) => fused[y] - fused[x] || x - y);
  return order.map((i) => ({ id: candidates[i].id, bm25: candidates[i].bm25, dense: candidates[i].dense, bm25Norm: b[i], denseNorm: d[i], fused: fused[i] }));
}
