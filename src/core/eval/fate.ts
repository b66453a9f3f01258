import type { AskResult } from '../pipeline';
import type { Chunk } from '../types';
import { markdownTable } from './metrics';
import { evidenceRank } from './ranks';

/**
 * What the question pipeline did with the evidence: given to the answer, or the verdict that
 * stopped its best candidate, or never retrieved — then where it ranks in the document's full
 * hybrid ranking (`fullRank`, with the characters ranked above it).
 */
export interface EvidenceFate {
  outcome: 'given' | 'not retrieved' | NonNullable<AskResult['rows'][number]['verdict']>;
  /** The best evidence candidate's retrieval rank among the candidates. */
  rank?: number;
  candidates: number;
  fullRank?: number;
  charsBefore?: number;
  /** Where the given sources came from, best first ("p. 45 · Item 7"): what stood in front of the evidence. */
  inFront: string[];
}

const onEvidence = (c: Chunk, pages: Set<number>) => {
  for (let p = c.pageStart ?? 0; p <= (c.pageEnd ?? -1); p++) if (pages.has(p)) return true;
  return false;
};

export function evidenceFate(r: AskResult, docId: string, pages: Set<number>, fullRanking: () => Chunk[]): EvidenceFate {
  const mine = r.rows.filter((row) => row.chunk.docId === docId && onEvidence(row.chunk, pages));
  const given = mine.find((row) => row.source !== undefined);
  const best = given ?? [...mine].sort((a, b) => a.rank - b.rank)[0];
  const inFront = r.rows
    .filter((row) => row.source !== undefined)
    .sort((a, b) => (b.final ?? 0) - (a.final ?? 0))
    .slice(0, 3)
    .map((row) => `p. ${row.chunk.pageStart ?? '?'}${row.chunk.sectionPath.length ? ` · ${row.chunk.sectionPath[row.chunk.sectionPath.length - 1].slice(0, 40)}` : ''}`);
  const fate: EvidenceFate = { outcome: given ? 'given' : (best?.verdict ?? 'not retrieved'), rank: best?.rank, candidates: r.rows.length, inFront };
  if (given) return fate;
  const full = evidenceRank(fullRanking(), pages);
  return { ...fate, fullRank: full.rank, charsBefore: full.charsBefore };
}

/** Counts of each outcome per config, and the median full-ranking position of the evidence that was not given. */
export function formatFateTable(rows: Array<{ config: string; fate?: EvidenceFate }>): string | undefined {
  const configs = [...new Set(rows.filter((r) => r.fate).map((r) => r.config))];
  if (configs.length === 0) return undefined;
  const outcomes = ['given', 'over-budget', 'below-threshold', 'below-floor', 'duplicate', 'outside-segments', 'not retrieved'];
  const body = configs.map((config) => {
    const fates = rows.filter((r) => r.config === config && r.fate).map((r) => r.fate!);
    const missed = fates
      .filter((f) => f.outcome !== 'given' && f.fullRank)
      .map((f) => f.fullRank!)
      .sort((a, b) => a - b);
    const med = missed.length ? missed[Math.floor((missed.length - 1) / 2)] : undefined;
    return [config, ...outcomes.map((o) => String(fates.filter((f) => f.outcome === o).length)), med === undefined ? '—' : String(med)];
  });
  return markdownTable(['config', ...outcomes, 'median full rank when not given'], body);
}
