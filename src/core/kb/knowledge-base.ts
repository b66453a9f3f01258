import type { Chunk, DocumentId, Trace } from '../types';
import { KeywordIndex, type KeywordSegment } from '../search/bm25';
import { VectorIndex } from '../search/vector-index';
import { fuse, DEFAULT_WEIGHTS, type FusionWeights } from '../search/fusion';
import { withHeader } from '../chunk/header';

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

/**
 * The searchable knowledge base held in memory: chunks by id, the BM25 index and the vector
 * index. Persistence lives elsewhere; this is what a query runs against.
 */
export class KnowledgeBase {
  private chunks = new Map<string, Chunk>();
  private byDoc = new Map<DocumentId, string[]>();
  readonly keyword: KeywordIndex;
  readonly vectors: VectorIndex;

  constructor(dim: number) {
    this.vectors = new VectorIndex(dim);
    this.keyword = KeywordIndex.create();
  }

  /**
   * Adds a document's chunks. `keywords` is its stored keyword segment: used when it indexes
   * exactly these chunks, else the segment is rebuilt (`rebuilt` in the result says which).
   */
  addDocument(docId: DocumentId, chunks: Chunk[], matrix: Float32Array, options: { keywords?: unknown; indexText?: (c: Chunk) => string } = {}): { rebuilt: boolean } {
    this.removeDocument(docId);
    const ids = chunks.map((c) => c.id);
    for (const c of chunks) this.chunks.set(c.id, c);
    this.byDoc.set(docId, ids);
    this.vectors.add(docId, ids, matrix);
    if (options.keywords !== undefined && this.keyword.load(docId, options.keywords) && this.keyword.covers(docId, ids)) return { rebuilt: false };
    this.keyword.add(chunks, options.indexText ?? withHeader);
    return { rebuilt: true };
  }

  removeDocument(docId: DocumentId): void {
    const ids = this.byDoc.get(docId);
    this.keyword.remove(docId);
    if (!ids) return;
    this.vectors.remove(docId);
    for (const id of ids) this.chunks.delete(id);
    this.byDoc.delete(docId);
  }

  /** The document's keyword segment as stored beside it. */
  keywordSegment(docId: DocumentId): KeywordSegment {
    return this.keyword.segment(docId);
  }

  get chunkCount(): number {
    return this.chunks.size;
  }

  chunk(id: string): Chunk | undefined {
    return this.chunks.get(id);
  }

  /** A document's chunks in document order (empty if unknown). */
  chunksOf(docId: DocumentId): Chunk[] {
    return (this.byDoc.get(docId) ?? []).map((id) => this.chunks.get(id)!);
  }

  search(query: string, queryVector: Float32Array | undefined, options: SearchOptions = {}): { candidates: Candidate[]; trace: Trace[] } {
    const mode = options.mode ?? (queryVector ? 'hybrid' : 'bm25');
    const limit = options.limit ?? 20;
    const pool = Math.max(POOL, limit);
    const traces: Trace[] = [];

    let t = performance.now();
    const bm25 = mode === 'dense' ? undefined : this.keyword.score(query, options.docIds);
    // Never fail a search on a keyword hit this knowledge base does not hold: skip it.
    const keywordHits = (bm25?.top(pool) ?? []).filter((h) => this.chunks.has(h.id));
    traces.push({ stage: 'bm25', ms: performance.now() - t, detail: { hits: bm25?.total ?? 0 } });

    t = performance.now();
    const denseHits = mode === 'bm25' || !queryVector ? [] : this.vectors.topK(queryVector, pool, options.docIds);
    traces.push({ stage: 'dense', ms: performance.now() - t, detail: { scanned: this.vectors.size } });

    t = performance.now();
    // The pool: BM25's best, then dense's best not already in; every member gets both scores.
    const scored = keywordHits.map((h) => ({ id: h.id, bm25: h.score, dense: 0 }));
    const inPool = new Set(scored.map((s) => s.id));
    for (const h of denseHits) if (!inPool.has(h.id) && this.chunks.has(h.id)) scored.push({ id: h.id, bm25: bm25?.get(h.id)?.score ?? 0, dense: 0 });
    if (queryVector) for (const s of scored) s.dense = this.vectors.score(queryVector, s.id) ?? 0;
    const weights =
      mode === 'bm25' ? { bm25: 1, dense: 0 } : mode === 'dense' ? { bm25: 0, dense: 1 } : (options.weights ?? DEFAULT_WEIGHTS);
    const fused = fuse(scored, weights).slice(0, limit);
    const rankDense = new Map(denseHits.map((h, i) => [h.id, i + 1]));
    const rankBm25 = new Map(keywordHits.map((h, i) => [h.id, i + 1]));
    // Chunks ranked below the BM25 pool but lifted by dense: their BM25 rank in the full list.
    const below = fused.filter((f) => f.bm25 > 0 && !rankBm25.has(f.id)).map((f) => f.id);
    if (bm25 && below.length) for (const [id, rank] of bm25.ranks(below)) rankBm25.set(id, rank);
    const candidates = fused.map((f) => ({
      chunk: this.chunks.get(f.id)!,
      bm25: f.bm25,
      dense: f.dense,
      bm25Norm: f.bm25Norm,
      denseNorm: f.denseNorm,
      score: f.fused,
      rankBm25: rankBm25.get(f.id),
      rankDense: rankDense.get(f.id),
      terms: f.bm25 > 0 ? (bm25?.get(f.id)?.terms ?? []) : [],
    }));
    traces.push({ stage: 'fusion', ms: performance.now() - t, detail: { pool: scored.length, returned: candidates.length, mode } });
    return { candidates, trace: traces };
  }
}
