/**
 * Keeps the k best items offered, each a score and an order number: a higher score is better,
 * and on equal scores the smaller order (the item offered earlier, by convention) wins, so the
 * selection is deterministic. A bounded min-heap: O(n log k) for n offers.
 */
export class TopK {
  private readonly scores: Float64Array;
  private readonly orders: Int32Array;
  private n = 0;

  constructor(readonly k: number) {
    const cap = Math.max(0, Math.floor(k));
    this.scores = new Float64Array(cap);
    this.orders = new Int32Array(cap);
  }

  get size(): number {
    return this.n;
  }

  offer(score: number, order: number): void {
    const cap = this.scores.length;
    if (this.n < cap) {
      this.scores[this.n] = score;
      this.orders[this.n] = order;
      this.up(this.n++);
    } else if (cap > 0 && this.worse(this.scores[0], this.orders[0], score, order)) {
      this.scores[0] = score;
      this.orders[0] = order;
      this.down(0);
    }
  }

  /** The kept items, best first; empties the selection. */
  drain(): { scores: Float64Array; orders: Int32Array } {
    const count = this.n;
    const scores = new Float64Array(count);
    const orders = new Int32Array(count);
    for (let i = count - 1; i >= 0; i--) {
      scores[i] = this.scores[0];
      orders[i] = this.orders[0];
      this.n--;
      if (this.n > 0) {
        this.scores[0] = this.scores[this.n];
        this.orders[0] = this.orders[this.n];
        this.down(0);
      }
    }
    return { scores, orders };
  }

  /** Whether (s1, o1) ranks below (s2, o2). */
  private worse(s1: number, o1: number, s2: number, o2: number): boolean {
    return s1 < s2 || (s1 === s2 && o1 > o2);
  }

  private swap(a: number, b: number): void {
    const s = this.scores[a];
    this.scores[a] = this.scores[b];
    this.scores[b] = s;
    const o = this.orders[a];
    this.orders[a] = this.orders[b];
    this.orders[b] = o;
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.worse(this.scores[i], this.orders[i], this.scores[p], this.orders[p])) return;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number): void {
    const n = this.n;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.worse(this.scores[l], this.orders[l], this.scores[m], this.orders[m])) m = l;
      if (r < n && this.worse(this.scores[r], this.orders[r], this.scores[m], this.orders[m])) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
