/** Ranking a query's chunks: BM25 and dense hits pooled, both scores for each, fused by the mode's weights. */
import type { Chunk, DocumentId, Trace } from '../types';
import { type KeywordIndex, type VectorIndex, fuse } from '../search';
import { DEFAULT_WEIGHTS, type FusionWeights } from '../settings';

export type RetrievalMode = 'hybrid' | 'bm25' | 'dense';

export interface SearchOptions {
  mode?: RetrievalMode;
  weights?: FusionWeights;
  /** How many candidates to return. */
  limit?: number;
  /** Restrict to these documents. */
  docIds?: ReadonlySet<DocumentId>;
}

/** A chunk retrieved for a query, with every score that ranked it. */
export interface Candidate {
  chunk: Chunk;
  bm25: number;
  dense: number;
  bm25Norm: number;
  denseNorm: number;
  /** The score the list is sorted by for the chosen mode. */
  score: number;
  rankBm25?: number;
  rankDense?: number;
  /** Query terms BM25 matched in this chunk (already normalised). */
  terms: string[];
}

/** How many of each list's best hits enter fusion. */
const POOL = 200;

/** A ranked chunk before its text is looked up: every score, and where it is. */
export type RankedChunk = Omit<Candidate, 'chunk'> & { id: string; docId: DocumentId };

/** What a ranking runs against: the two indexes, and which documents the knowledge base holds. */
export interface RankSources {
  keyword: KeywordIndex;
  vectors: VectorIndex;
  holds: (docId: DocumentId) => boolean;
}

export function rankChunks(
  { keyword, vectors, holds }: RankSources,
  query: string,
  queryVector: Float32Array | undefined,
  options: SearchOptions = {},
): { ranked: RankedChunk[]; trace: Trace[] } {
  const mode = options.mode ?? (queryVector ? 'hybrid' : 'bm25');
  const limit = options.limit ?? 20;
  const pool = Math.max(POOL, limit);
  const traces: Trace[] = [];

  let t = performance.now();
  const bm25 = mode === 'dense' ? undefined : keyword.score(query, options.docIds);
  // Never fail a search on a keyword hit this knowledge base does not hold: skip it.
  const keywordHits = (bm25?.top(pool) ?? []).filter((h) => holds(h.docId));
  traces.push({ stage: 'bm25', ms: performance.now() - t, detail: { hits: bm25?.total ?? 0 } });

  t = performance.now();
  const denseHits = mode === 'bm25' || !queryVector ? [] : vectors.topK(queryVector, pool, options.docIds);
  traces.push({ stage: 'dense', ms: performance.now() - t, detail: { scanned: vectors.size } });

  t = performance.now();
  // The pool: BM25's best, then dense's best not already in; every member gets both scores.
  const scored = keywordHits.map((h) => ({ id: h.id, docId: h.docId, bm25: h.score, dense: 0 }));
  const inPool = new Set(scored.map((s) => s.id));
  for (const h of denseHits) if (!inPool.has(h.id) && holds(h.docId)) scored.push({ id: h.id, docId: h.docId, bm25: bm25?.get(h.id)?.score ?? 0, dense: 0 });
  // Chunks of a document still being embedded have no vector yet.
  const noVector = new Set<string>();
  if (queryVector)
    for (const s of scored) {
      const v = vectors.score(queryVector, s.id);
      s.dense = v ?? 0;
      if (v === undefined) noVector.add(s.id);
    }
  const weights = mode === 'bm25' ? { bm25: 1, dense: 0 } : mode === 'dense' ? { bm25: 0, dense: 1 } : (options.weights ?? DEFAULT_WEIGHTS);
  const docOf = new Map(scored.map((s) => [s.id, s.docId]));
  const fused = byKeywordsWhereNoVector(fuse(scored, weights), noVector, weights).slice(0, limit);
  const rankDense = new Map(denseHits.map((h, i) => [h.id, i + 1]));
  const rankBm25 = new Map(keywordHits.map((h, i) => [h.id, i + 1]));
  // Chunks ranked below the BM25 pool but lifted by dense: their BM25 rank in the full list.
  const below = fused.filter((f) => f.bm25 > 0 && !rankBm25.has(f.id)).map((f) => f.id);
  if (bm25 && below.length) for (const [id, rank] of bm25.ranks(below)) rankBm25.set(id, rank);
  const ranked = fused.map((f) => ({
    id: f.id,
    docId: docOf.get(f.id)!,
    bm25: f.bm25,
    dense: f.dense,
    bm25Norm: f.bm25Norm,
    denseNorm: f.denseNorm,
    score: f.fused,
    rankBm25: rankBm25.get(f.id),
    rankDense: rankDense.get(f.id),
    terms: f.bm25 > 0 ? (bm25?.get(f.id)?.terms ?? []) : [],
  }));
  traces.push({ stage: 'fusion', ms: performance.now() - t, detail: { pool: scored.length, returned: ranked.length, mode } });
  return { ranked, trace: traces };
}

/**
 * In a hybrid ranking, a chunk without a vector yet (its document is still being embedded) is
 * ranked by its keyword score alone, as if its meaning matched as well as its words: otherwise a
 * missing vector would count as no similarity at all, and the document that is "searchable by
 * keyword now" would sink under every embedded one.
 */
function byKeywordsWhereNoVector<F extends { id: string; bm25Norm: number; fused: number }>(fused: F[], noVector: ReadonlySet<string>, weights: FusionWeights): F[] {
  if (noVector.size === 0 || weights.bm25 === 0 || weights.dense === 0) return fused;
  return fused.map((f) => (noVector.has(f.id) ? { ...f, fused: f.bm25Norm } : f)).sort((a, b) => b.fused - a.fused);
}
