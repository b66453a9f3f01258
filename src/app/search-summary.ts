import type { Trace } from '../core/types';

type Mode = 'hybrid' | 'bm25' | 'dense';

/**
 * How the hits of a search were ranked, as shown above them. The mode is the one the search
 * actually used (the fusion trace records it): after a keyword-only fallback (the embedding model
 * could not be used; `warning` says why) it is BM25 alone, whatever the settings ask for.
 */
export function rankingDescription(search: { traces: Trace[]; warning?: string }, settings?: { mode: Mode; weights: { bm25: number; dense: number } }): string {
  const traced = search.traces.find((t) => t.stage === 'fusion')?.detail?.mode;
  const mode: Mode = traced === 'hybrid' || traced === 'bm25' || traced === 'dense' ? traced : search.warning ? 'bm25' : (settings?.mode ?? 'hybrid');
  if (mode === 'bm25') return `ranked by BM25 keyword score only${search.warning ? ' (no query embedding)' : ''}`;
  if (mode === 'dense') return 'ranked by cosine similarity only';
  const w = settings?.weights ?? { bm25: 0.5, dense: 0.5 };
  return `ranked by fused score = ${w.bm25} × BM25 (min-max) + ${w.dense} × cosine (min-max)`;
}
