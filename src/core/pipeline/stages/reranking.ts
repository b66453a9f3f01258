import { withHeader } from '../../chunk';
import { withinBudget } from '../../search';
import { endsFirst } from '../order';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';

/** 6. Kept rows reranked (cross-encoder when loaded, else by grade), cut to the context budget, and ordered best at both ends. */
export async function reranking({ deps, settings, question, signal }: AskContext, unique: CandidateRow[]): Promise<Outcome<CandidateRow[]>> {
  let kept = unique.filter((r) => r.verdict === 'kept');
  let by = 'final grade';
  if (deps.reranker && settings.rerank && kept.length > 1) {
    const scores = await deps.reranker.score(
      question,
      kept.map((r) => withHeader(r.chunk)),
      signal,
    );
    kept.forEach((r, i) => (r.rerank = scores[i]));
    by = deps.reranker.id;
  }
  kept = [...kept].sort((a, b) => (b.rerank ?? b.final ?? 0) - (a.rerank ?? a.final ?? 0) || a.rank - b.rank);
  // The best chunk is always given, even when it alone is over the budget.
  const fitting = kept.length > 0 ? [kept[0], ...withinBudget(kept.slice(1), settings.contextBudget - kept[0].chunk.text.length, (r) => r.chunk.text.length)] : [];
  const given = new Set(fitting);
  for (const r of kept) {
    if (!given.has(r)) {
      r.verdict = 'over-budget';
      r.reason = `the context budget of ${settings.contextBudget} characters was full`;
    }
  }
  const ordered = endsFirst(fitting);
  ordered.forEach((r, i) => (r.source = i + 1));
  return { value: ordered, detail: { by, used: ordered.length, chars: ordered.reduce((n, r) => n + r.chunk.text.length, 0) } };
}
