import type { DocumentId } from '../types';

interface Block {
  ids: string[];
  matrix: Float32Array;
}

export interface VectorHit {
  id: string;
  score: number;
}

/** Exact cosine search over unit vectors, stored as one row-major matrix per document. */
export class VectorIndex {
  readonly dim: number;
  private blocks = new Map<DocumentId, Block>();
  private where = new Map<string, { block: Block; row: number }>();

  constructor(dim: number) {
    this.dim = dim;
  }

  add(docId: DocumentId, ids: string[], matrix: Float32Array): void {
    if (matrix.length !== ids.length * this.dim) {
      throw new Error(`vector matrix has ${matrix.length} values, expected ${ids.length} × ${this.dim}`);
    }
    this.remove(docId);
    const block = { ids, matrix };
    this.blocks.set(docId, block);
    ids.forEach((id, row) => this.where.set(id, { block, row }));
  }

  remove(docId: DocumentId): void {
    const block = this.blocks.get(docId);
    if (!block) return;
    for (const id of block.ids) this.where.delete(id);
    this.blocks.delete(docId);
  }

  get size(): number {
    return this.where.size;
  }

  /** Cosine similarity of the query to one stored vector, or undefined if unknown. */
  score(query: Float32Array, id: string): number | undefined {
    const at = this.where.get(id);
    if (!at) return undefined;
    return dotAt(at.block.matrix, at.row * this.dim, query, this.dim);
  }

  /** A stored vector (a view into the index: do not modify), or undefined if unknown. */
  vector(id: string): Float32Array | undefined {
    const at = this.where.get(id);
    return at ? at.block.matrix.subarray(at.row * this.dim, (at.row + 1) * this.dim) : undefined;
  }

  /** The k most similar vectors, best first, optionally limited to some documents. */
  topK(query: Float32Array, k: number, docIds?: ReadonlySet<DocumentId>): VectorHit[] {
    const dim = this.dim;
    const heap = new MinHeap(k);
    for (const [docId, { ids, matrix }] of this.blocks) {
      if (docIds && !docIds.has(docId)) continue;
      for (let r = 0, off = 0; r < ids.length; r++, off += dim) heap.offer(dotAt(matrix, off, query, dim), ids[r]);
    }
    return heap.sortedDesc();
  }
}

/** Dot product of matrix[off .. off + dim) with q; four accumulators let the engine pipeline the loop. */
function dotAt(m: Float32Array, off: number, q: Float32Array, dim: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let j = 0;
  for (; j + 3 < dim; j += 4) {
    a += m[off + j] * q[j];
    b += m[off + j + 1] * q[j + 1];
    c += m[off + j + 2] * q[j + 2];
    d += m[off + j + 3] * q[j + 3];
  }
  for (; j < dim; j++) a += m[off + j] * q[j];
  return a + b + c + d;
}

/** Keeps the k largest scores seen. */
class MinHeap {
  private scores: number[] = [];
  private ids: string[] = [];
  constructor(private readonly k: number) {}

  offer(score: number, id: string): void {
    if (this.k <= 0) return;
    if (this.scores.length < this.k) {
      this.scores.push(score);
      this.ids.push(id);
      this.up(this.scores.length - 1);
    } else if (score > this.scores[0]) {
      this.scores[0] = score;
      this.ids[0] = id;
      this.down(0);
    }
  }

  sortedDesc(): VectorHit[] {
    return this.scores.map((score, i) => ({ id: this.ids[i], score })).sort((a, b) => b.score - a.score);
  }

  private swap(a: number, b: number) {
    [this.scores[a], this.scores[b]] = [this.scores[b], this.scores[a]];
    [this.ids[a], this.ids[b]] = [this.ids[b], this.ids[a]];
  }

  private up(i: number) {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.scores[p] <= this.scores[i]) return;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number) {
    const n = this.scores.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.scores[l] < this.scores[m]) m = l;
      if (r < n && this.scores[r] < this.scores[m]) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
