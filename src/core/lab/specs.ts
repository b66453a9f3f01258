import { DEFAULT_OVERLAPS, DEFAULT_PERCENTILES, DEFAULT_SIZES, DEFAULT_THETAS } from '../settings';

/** One way to chunk documents in the lab. Overlap is in characters. */
export type ChunkingSpec = (
  | { kind: 'fixed'; size: number; overlap: number }
  /**
   * maxChars: the chunk length cap, 500 (the app's) when absent. percentile: cut below this
   * percentile of each document's neighbour similarities instead of below θ.
   */
  | { kind: 'semantic'; threshold: number; maxChars?: number; percentile?: number }
  /** threshold: LlamaChunk's peak threshold (DEFAULT_LLAMACHUNK's when absent). */
  | { kind: 'llm'; threshold?: number }
) & { label: string };

export function fixedSpec(size: number, overlap: number): ChunkingSpec {
  return { kind: 'fixed', size, overlap, label: `fixed${size}/${overlap}` };
}

export function semanticSpec(threshold: number, maxChars?: number): ChunkingSpec {
  return { kind: 'semantic', threshold, ...(maxChars ? { maxChars } : {}), label: `semantic θ${threshold}${maxChars ? `/${maxChars}` : ''}` };
}

/** Semantic chunks cut below the p-th percentile of each document's neighbour similarities (θ unused). */
export function percentileSpec(percentile: number, maxChars?: number): ChunkingSpec {
  return { kind: 'semantic', threshold: 0, percentile, ...(maxChars ? { maxChars } : {}), label: `semantic P${percentile}${maxChars ? `/${maxChars}` : ''}` };
}

export function llmSpec(threshold?: number): ChunkingSpec {
  return { kind: 'llm', ...(threshold !== undefined ? { threshold } : {}), label: threshold !== undefined ? `llm t${threshold}` : 'llm' };
}

/**
 * The size × overlap grid, overlaps given as fractions of the size and rounded to whole
 * characters. Pairs whose overlap would reach the size (fraction ≥ 1) are left out, as are
 * repeats.
 */
export function sweepFixed({ sizes = DEFAULT_SIZES, overlaps = DEFAULT_OVERLAPS }: { sizes?: number[]; overlaps?: number[] } = {}): ChunkingSpec[] {
  const out: ChunkingSpec[] = [];
  const seen = new Set<string>();
  for (const size of sizes) {
    for (const f of overlaps) {
      const overlap = Math.round(size * f);
      if (size <= 0 || overlap < 0 || overlap >= size) continue;
      const spec = fixedSpec(size, overlap);
      if (!seen.has(spec.label)) out.push(spec);
      seen.add(spec.label);
    }
  }
  return out;
}

/** One semantic spec per threshold (rounded to 2 decimals; repeats dropped). */
export function sweepTheta(thetas: number[] = DEFAULT_THETAS, maxChars?: number): ChunkingSpec[] {
  return [...new Set(thetas.map((t) => Math.round(t * 100) / 100))].map((t) => semanticSpec(t, maxChars));
}

/** One percentile spec per percentile (rounded to 1 decimal, within 0–100; repeats dropped). */
export function sweepPercentile(percentiles: number[] = DEFAULT_PERCENTILES, maxChars?: number): ChunkingSpec[] {
  return [...new Set(percentiles.map((p) => Math.round(p * 10) / 10))].map((p) => percentileSpec(p, maxChars));
}

/** Specs with distinct labels, first kept. */
export function distinctSpecs(specs: ChunkingSpec[]): ChunkingSpec[] {
  const seen = new Set<string>();
  return specs.filter((s) => !seen.has(s.label) && (seen.add(s.label), true));
}
