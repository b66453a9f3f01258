import { charsInside, evidenceCoverage, type RetrievedSpan } from '../eval';
import type { LocatedEvidence } from './locate';

export type { RetrievedSpan };

/** Share of the evidence's word tokens present in the retrieved text (evidenceCoverage of the eval). */
export function retrievalRatio(spans: RetrievedSpan[], evidence: string): number {
  return evidenceCoverage(
    spans.map((s) => s.text),
    evidence,
  );
}

/**
 * Share of retrieved characters inside the evidence regions (overlapping retrieved chunks
 * count each time, as budget spent); undefined when the evidence is unlocatable, and 0 when
 * nothing was retrieved.
 */
export function signalRatio(spans: RetrievedSpan[], located: LocatedEvidence): number | undefined {
  if (located.method === 'unlocatable') return undefined;
  const { total, inside } = charsInside(spans, located.regions);
  return total ? inside / total : 0;
}
