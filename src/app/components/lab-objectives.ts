import type { LabObjective } from '../../core/lab';

/** Each objective the lab ranks chunkings by, as the form and the results name it. */
export const OBJECTIVES: Record<LabObjective, string> = {
  balanced: 'balance (harmonic mean of the two ratios)',
  retrieval: 'retrieval ratio',
  signal: 'signal ratio',
};
