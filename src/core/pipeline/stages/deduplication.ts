import { filterRedundant } from '../redundancy';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';

/** 3. Redundancy filter: near-duplicates of a better-ranked row are marked and left out. */
export async function deduplication({ deps, settings }: AskContext, rows: CandidateRow[]): Promise<Outcome<CandidateRow[]>> {
  // Texts too: chunks that name different figures or years are never duplicates.
  const texts = rows.map((r) => r.chunk.text);
  const { kept, duplicates, keptForFigures } = filterRedundant(
    rows.map((r) => deps.vectorOf(r.chunk.id)),
    settings.duplicateThreshold,
    texts,
  );
  duplicates.forEach((d, i) => {
    if (!d) return;
    const of = rows[d.of];
    rows[i].duplicateOf = { chunkId: of.chunk.id, rank: of.rank, similarity: d.similarity };
    rows[i].verdict = 'duplicate';
    rows[i].reason = `${(d.similarity * 100).toFixed(0)}% similar to #${of.rank}`;
  });
  return { value: kept.map((i) => rows[i]), detail: { kept: kept.length, duplicates: rows.length - kept.length, keptForFigures: keptForFigures.length } };
}
