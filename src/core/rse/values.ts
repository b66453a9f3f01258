/**
 * dsRAG's chunk values: each chunk of a document is worth its relevance minus a penalty, so a
 * run of adjacent chunks is worth the sum of its values: relevant chunks pay for the
 * irrelevant ones between them, and a run grows only while it gains.
 */
export interface ScoredChunk {
  /** Position of the chunk in its document. */
  index: number;
  /** 0–1 relevance. */
  relevance: number;
}

/**
 * Values for the n chunks of one document: relevance − penalty for the scored ones, −penalty
 * for the rest (never retrieved, so presumed irrelevant).
 */
export function chunkValues(n: number, scored: ScoredChunk[], penalty: number): Float64Array {
  const values = new Float64Array(n).fill(-penalty);
  for (const s of scored) if (s.index >= 0 && s.index < n) values[s.index] = Math.max(values[s.index], s.relevance - penalty);
  return values;
}

/**
 * Relevance from retrieval alone (no LLM grades): the retrieval score decayed by rank, so the
 * first hits count fully and the long tail fades: score × exp(−(rank − 1) / decay).
 */
export function rankDecayedRelevance(score: number, rank: number, decay: number): number {
  return Math.max(0, score) * Math.exp(-(rank - 1) / Math.max(1e-9, decay));
}
