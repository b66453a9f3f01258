/** What "best" means: the harmonic mean of the two ratios (default), or one of them alone. */
export type LabObjective = 'balanced' | 'retrieval' | 'signal';

interface Scored {
  label: string;
  available: boolean;
  chunkCount: number;
  retrievalRatio: number;
  /** undefined when no question's evidence could be located. */
  signalRatio?: number;
}

export function objectiveValue(r: Scored, objective: LabObjective = 'balanced'): number {
  const s = r.signalRatio ?? 0;
  if (objective === 'retrieval') return r.retrievalRatio;
  if (objective === 'signal') return s;
  return r.retrievalRatio + s > 0 ? (2 * r.retrievalRatio * s) / (r.retrievalRatio + s) : 0;
}

/**
 * The best available result for the objective; ties go to fewer chunks, then to the earlier
 * one. Objectives that need the signal ratio skip results without one (no question's evidence
 * was located), so with none located there is no best.
 */
export function bestSpec<T extends Scored>(results: T[], objective: LabObjective = 'balanced'): T | undefined {
  let best: T | undefined;
  for (const r of results) {
    if (!r.available || (objective !== 'retrieval' && r.signalRatio === undefined)) continue;
    if (!best) {
      best = r;
      continue;
    }
    const d = objectiveValue(r, objective) - objectiveValue(best, objective);
    if (d > 1e-12 || (Math.abs(d) <= 1e-12 && r.chunkCount < best.chunkCount)) best = r;
  }
  return best;
}
