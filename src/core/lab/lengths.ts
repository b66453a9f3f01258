/** Histogram bin edges for chunk lengths in characters: [0,100), [100,200), … [1500,1600), then [1600, ∞). */
const LENGTH_BIN_EDGES = Array.from({ length: 17 }, (_, i) => i * 100);

export interface LengthStats {
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
  mean: number;
  /** counts[i] = chunks with edges[i] ≤ length < edges[i + 1]; the last bin is open above. Same edges for every spec. */
  histogram: { edges: number[]; counts: number[] };
}

/** Nearest-rank quantile of sorted values. */
function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : 0;
}

export function lengthStats(lengths: number[]): LengthStats {
  const sorted = [...lengths].sort((a, b) => a - b);
  const counts = LENGTH_BIN_EDGES.map(() => 0);
  for (const n of lengths) counts[Math.min(LENGTH_BIN_EDGES.length - 1, Math.floor(n / 100))]++;
  return {
    min: sorted[0] ?? 0,
    p25: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    p75: quantile(sorted, 0.75),
    max: sorted[sorted.length - 1] ?? 0,
    mean: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0,
    histogram: { edges: LENGTH_BIN_EDGES, counts },
  };
}
