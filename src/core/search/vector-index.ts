import type { DocumentId } from '../types';
import { TopK } from './top-k';
import { VectorStore } from './vector-store';

/** A document's rows: they sit at [start, start + ids.length) in the store. */
interface Block {
  ids: string[];
  start: number;
}

export interface VectorHit {
  id: string;
  score: number;
}

/**
 * Exact cosine search over unit vectors, all held in one VectorStore (WebAssembly SIMD where
 * available), one contiguous block of rows per document, in the order documents were added.
 */
export class VectorIndex {
  readonly dim: number;
  private store: VectorStore;
  private blocks = new Map<DocumentId, Block>();
  private where = new Map<string, { block: Block; row: number }>();

  /** `simd: false` forces the plain JavaScript loop (for tests). */
  constructor(dim: number, options: { simd?: boolean } = {}) {
    this.dim = dim;
    this.store = new VectorStore(dim, options);
  }

  /** Whether scores come from the WebAssembly SIMD kernel. */
  get simd(): boolean {
    return this.store.simd;
  }

  add(docId: DocumentId, ids: string[], matrix: Float32Array): void {
    if (matrix.length !== ids.length * this.dim) {
      throw new Error(`vector matrix has ${matrix.length} values, expected ${ids.length} × ${this.dim}`);
    }
    this.remove(docId);
    const block = { ids, start: this.store.append(matrix) };
    this.blocks.set(docId, block);
    ids.forEach((id, row) => this.where.set(id, { block, row }));
  }

  remove(docId: DocumentId): void {
    const block = this.blocks.get(docId);
    if (!block) return;
    for (const id of block.ids) this.where.delete(id);
    this.blocks.delete(docId);
    this.store.removeRows(block.start, block.ids.length);
    for (const b of this.blocks.values()) if (b.start > block.start) b.start -= block.ids.length;
  }

  get size(): number {
    return this.where.size;
  }

  /** Bytes the vectors occupy, with room reserved for growth. */
  get bytes(): number {
    return this.store.bytes;
  }

  /** Cosine similarity of the query to one stored vector, or undefined if unknown. */
  score(query: Float32Array, id: string): number | undefined {
    const at = this.where.get(id);
    return at ? this.store.dot(query, at.block.start + at.row) : undefined;
  }

  /** A copy of a stored vector, or undefined if unknown. */
  vector(id: string): Float32Array | undefined {
    const at = this.where.get(id);
    return at ? this.store.row(at.block.start + at.row) : undefined;
  }

  /** The k most similar vectors, best first (ties: earlier added first), optionally limited to some documents. */
  topK(query: Float32Array, k: number, docIds?: ReadonlySet<DocumentId>): VectorHit[] {
    const heap = new TopK(Math.min(k, this.size));
    const chosen: Block[] = [];
    for (const [docId, block] of this.blocks) {
      if (docIds && !docIds.has(docId)) continue;
      chosen.push(block);
      const scores = this.store.scores(query, block.start, block.ids.length);
      for (let r = 0; r < scores.length; r++) heap.offer(scores[r], block.start + r);
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
      return { id: chosen[lo].ids[row - chosen[lo].start], score: scores[i] };
    });
  }
}
