import type { DocumentId } from '../types';
import { DEFAULT_PREFILTER_ROWS } from '../settings';
import { TopK } from './top-k';
import { VectorStore } from './vector-store';
import { Int8VectorStore } from './int8-vector-store';
import { dequantizeRows, type QuantizedRows } from '../vector';

/** How stored vectors are held: float32, or int8 with a scale per row (a quarter of the memory). */
export type VectorPrecision = 'f32' | 'i8';

/** A document's rows: they sit at [start, start + count) in the store. */
interface Block {
  docId: DocumentId;
  count: number;
  /** Row i's chunk id; null when it is `${docId}#${i}` (as makeChunk names chunks). */
  ids: readonly string[] | null;
  /** Row by id, built on first use when `ids` is listed. */
  rowOf?: Map<string, number>;
  start: number;
}

/**
 * The coarse pre-filter of large dense searches (int8 precision only): rows are ranked by the
 * Hamming distance of their sign bits to the query's, the best `candidates(k, rows)` of them are
 * scored exactly, and the best k of those returned. Searches over fewer than `minRows` rows
 * (the rows of the documents searched) score every row exactly.
 */
export interface PrefilterOptions {
  /** Default 200,000; Infinity turns the pre-filter off. */
  minRows?: number;
  /** How many rows to rescore exactly, given k and the rows searched (default `defaultCandidates`). */
  candidates?: (k: number, rows: number) => number;
}

/**
 * Rows rescored exactly: max(20·k, rows / 16). Measured with scripts/bench-prefilter.ts, k = 200:
 * on the FinanceBench filings (MiniLM, 108,791 chunks, the 41 dev questions) rows / 16 (6,800)
 * kept 99.3% of the exact top 200 and 99.9% of the top 50 (4,000: 98.1% and 99.6%); on 1,000,000
 * random unit vectors (no structure, the worst case) 62,500 kept 97.6% and 99.1%, in 25 ms a
 * query instead of 69 ms (Node, 384-d).
 */
export const defaultCandidates = (k: number, rows: number): number => Math.max(20 * k, Math.ceil(rows / 16));

export interface VectorHit {
  id: string;
  docId: DocumentId;
  score: number;
}

/**
 * Exact cosine search over unit vectors, all held in one VectorStore (WebAssembly SIMD where
 * available), one contiguous block of rows per document, in the order documents were added.
 */
export class VectorIndex {
  readonly dim: number;
  private store: VectorStore | Int8VectorStore;
  private blocks = new Map<DocumentId, Block>();
  private rows = 0;
  private readonly prefilterRows: number;
  private readonly candidates: (k: number, rows: number) => number;

  /** `simd: false` forces the plain JavaScript loop (for tests). */
  constructor(dim: number, options: { simd?: boolean; precision?: VectorPrecision; prefilter?: PrefilterOptions } = {}) {
    this.dim = dim;
    this.store = options.precision === 'i8' ? new Int8VectorStore(dim, options) : new VectorStore(dim, options);
    this.prefilterRows = options.prefilter?.minRows ?? DEFAULT_PREFILTER_ROWS;
    this.candidates = options.prefilter?.candidates ?? defaultCandidates;
  }

  /** Whether scores come from the WebAssembly SIMD kernel. */
  get simd(): boolean {
    return this.store.simd;
  }

  /**
   * A document's rows, one per chunk: their ids, or how many there are when they are
   * `${docId}#${i}`; as floats, or already quantized (int8 precision only).
   */
  add(docId: DocumentId, ids: readonly string[] | number, matrix: Float32Array | QuantizedRows): void {
    const count = typeof ids === 'number' ? ids : ids.length;
    const values = matrix instanceof Float32Array ? matrix.length : matrix.q.length;
    if (values !== count * this.dim) {
      throw new Error(`vector matrix has ${values} values, expected ${count} × ${this.dim}`);
    }
    this.remove(docId);
    const listed = typeof ids === 'number' || ids.every((id, i) => id === `${docId}#${i}`) ? null : ids;
    let start: number;
    if (matrix instanceof Float32Array) start = this.store.append(matrix);
    else if (this.store instanceof Int8VectorStore) start = this.store.appendQuantized(matrix);
    else start = this.store.append(dequantizeRows(matrix, this.dim));
    this.blocks.set(docId, { docId, count, ids: listed, start });
    this.rows += count;
  }

  remove(docId: DocumentId): void {
    const block = this.blocks.get(docId);
    if (!block) return;
    this.blocks.delete(docId);
    this.store.removeRows(block.start, block.count);
    this.rows -= block.count;
    for (const b of this.blocks.values()) if (b.start > block.start) b.start -= block.count;
  }

  get size(): number {
    return this.rows;
  }

  /** The store row of a chunk id, or undefined. */
  private rowOf(id: string): number | undefined {
    const hash = id.lastIndexOf('#');
    const block = this.blocks.get(id.slice(0, Math.max(0, hash)));
    if (!block) {
      // Ids that do not name their document: ask each block that lists its ids.
      for (const b of this.blocks.values()) {
        if (b.ids === null) continue;
        b.rowOf ??= new Map(b.ids.map((chunkId, row) => [chunkId, row]));
        const row = b.rowOf.get(id);
        if (row !== undefined) return b.start + row;
      }
      return undefined;
    }
    if (block.ids === null) {
      const rest = id.slice(hash + 1);
      const n = Number(rest);
      return Number.isInteger(n) && n >= 0 && n < block.count && String(n) === rest ? block.start + n : undefined;
    }
    block.rowOf ??= new Map(block.ids.map((chunkId, row) => [chunkId, row]));
    const row = block.rowOf.get(id);
    return row === undefined ? undefined : block.start + row;
  }

  /** Bytes the vectors occupy, with room reserved for growth. */
  get bytes(): number {
    return this.store.bytes;
  }

  /** Cosine similarity of the query to one stored vector, or undefined if unknown. */
  score(query: Float32Array, id: string): number | undefined {
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.store.dot(query, row);
  }

  /** A copy of a stored vector, or undefined if unknown. */
  vector(id: string): Float32Array | undefined {
    const row = this.rowOf(id);
    return row === undefined ? undefined : this.store.row(row);
  }

  /**
   * The k most similar vectors, best first (ties: earlier added first), optionally limited to
   * some documents. Over many rows (see PrefilterOptions) only the candidates the sign bits pick
   * are scored, so a hit can be missed, rarely.
   */
  topK(query: Float32Array, k: number, docIds?: ReadonlySet<DocumentId>): VectorHit[] {
    const chosen: Block[] = [];
    let scanned = 0;
    for (const [docId, block] of this.blocks) {
      if (docIds && !docIds.has(docId)) continue;
      chosen.push(block);
      scanned += block.count;
    }
    const heap = new TopK(Math.min(k, scanned));
    if (this.store instanceof Int8VectorStore && scanned >= this.prefilterRows && k > 0) {
      this.prefiltered(this.store, query, chosen, scanned, heap);
    } else {
      for (const block of chosen) {
        const scores = this.store.scores(query, block.start, block.count);
        for (let r = 0; r < scores.length; r++) heap.offer(scores[r], block.start + r);
      }
    }
    const { scores, orders } = heap.drain();
    // `chosen` is in row order: find each hit's block by binary search.
    return Array.from(orders, (row, i) => {
      let lo = 0;
      let hi = chosen.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (chosen[mid].start <= row) lo = mid;
        else hi = mid - 1;
      }
      const block = chosen[lo];
      const r = row - block.start;
      return { id: block.ids ? block.ids[r] : `${block.docId}#${r}`, docId: block.docId, score: scores[i] };
    });
  }

  /**
   * Offers `heap` the exact scores of the rows nearest the query by sign bits: the R smallest
   * Hamming distances, found by counting how many rows lie at each distance (ties at the cut:
   * earlier rows first).
   */
  private prefiltered(store: Int8VectorStore, query: Float32Array, chosen: Block[], scanned: number, heap: TopK): void {
    const want = Math.min(scanned, Math.max(heap.k, Math.ceil(this.candidates(heap.k, scanned))));
    const counts = new Int32Array(this.dim + 1);
    const counts2 = new Int32Array(this.dim + 1); // two tallies, so that neighbouring increments do not wait on each other
    const distances: Int32Array[] = [];
    for (const block of chosen) {
      // Each block's distances sit at its own rows, so the views stay valid together.
      const d = store.signBits.distances(query, block.start, block.count);
      distances.push(d);
      let r = 0;
      for (; r + 1 < d.length; r += 2) {
        counts[d[r]]++;
        counts2[d[r + 1]]++;
      }
      if (r < d.length) counts[d[r]]++;
    }
    // Rows nearer than `cut` are all taken, and the first `atCut` at distance `cut`.
    let cut = 0;
    let below = 0;
    while (below + counts[cut] + counts2[cut] < want) below += counts[cut] + counts2[cut++];
    let atCut = want - below;
    const rows = new Int32Array(want);
    let n = 0;
    for (let b = 0; b < chosen.length; b++) {
      const d = distances[b];
      const start = chosen[b].start;
      for (let r = 0; r < d.length; r++) {
        const x = d[r];
        if (x <= cut && (x < cut || atCut-- > 0)) rows[n++] = start + r;
      }
    }
    const scores = store.scoresOf(query, rows, n);
    for (let i = 0; i < n; i++) heap.offer(scores[i], rows[i]);
  }
}
