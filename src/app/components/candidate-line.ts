import type { CandidateRow } from '../../core/pipeline';

/** The id of a candidate's details, from its chunk id (only word characters and hyphens). */
export function candidateDetailsId(chunkId: string): string {
  return `cand-details-${chunkId.replace(/[^\w-]/g, '_')}`;
}

/** A candidate line's classes: its verdict, whether a verdict filtered it out, open, and flashing. */
export function candidateLineClass(verdict: CandidateRow['verdict'], expanded: boolean, flash: boolean): string {
  const filtered = verdict !== undefined && verdict !== 'kept';
  return `cand verdict-${verdict ?? 'pending'}${filtered ? ' filtered' : ''}${expanded ? ' open' : ''}${flash ? ' flash' : ''}`;
}
