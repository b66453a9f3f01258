import type { LabResultSummary as LabResult } from '../../services/lab';

/** One semantic chunking of the sweep and the θ (or percentile) it was cut at. */
export interface ThetaSweepPoint {
  r: LabResult;
  t: number;
}

/** The semantic results cut by θ (or by a percentile), in order of that value. */
export function thetaSweep(results: LabResult[], by: 'theta' | 'percentile'): ThetaSweepPoint[] {
  return results
    .flatMap((r) =>
      r.spec.kind === 'semantic' && r.available && (r.spec.percentile !== undefined) === (by === 'percentile') ? [{ r, t: r.spec.percentile ?? r.spec.threshold }] : [],
    )
    .sort((a, b) => a.t - b.t);
}
