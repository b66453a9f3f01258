import { addTerm, D, freqOf, K } from './bm25-postings';
import { chunkIdAt, ordinalOf, type KeywordSegment } from './segment';

/** One query's scores over a Bm25Scorer's segments (see bm25-scorer.ts): top k, any chunk's score, ranks. */

/** Segments laid out in one id space, rebuilt after a segment is added or removed. */
export interface Layout {
  names: string[];
  /** Segment index by name. */
  indexOf: Map<string, number>;
  segments: KeywordSegment[];
  /** Global id of each segment's ordinal 0, and one past the last segment. */
  offsets: Int32Array;
  /** k · (1 − b + b · length / average length) by chunk length (a chunk's norm depends on its length only). */
  normOf: Float64Array;
  /** The most chunks in one segment. */
  most: number;
  /** Terms looked up before: the term's index in each segment, or -1 (questions share most of their words). */
  lookups: Map<string, Int32Array>;
}

export interface ScoredChunk {
  id: string;
  /** Its document (the segment's name). */
  docId: string;
  score: number;
  /** Query terms (normalised) found in the chunk, in query order. */
  terms: string[];
}

/**
 * One query's scores; ranks follow MiniSearch's order: score, then first match (MiniSearch
 * meets chunks term by term, each term's chunks in id order, and keeps the earlier on a tie).
 */
export class Bm25Scores {
  private matches = -1;
  /** One segment's sums and matched-term counts, by ordinal; zeroed after use. */
  private readonly acc: Float64Array;
  private readonly matched: Uint16Array;

  constructor(
    private readonly layout: Layout,
    private readonly terms: string[],
    private readonly weights: Float64Array,
    /** found[t][s]: query term t's index in segment s, or -1. */
    private readonly found: Int32Array[],
    /** 0 for a term no chunk holds. */
    private readonly idf: Float64Array,
    /** 1 for the segments searched. */
    private readonly picked: Uint8Array,
  ) {
    this.acc = new Float64Array(layout.most);
    this.matched = new Uint16Array(layout.most);
  }

  /** How many chunks matched at least one term. */
  get total(): number {
    if (this.matches < 0) this.top(0);
    return this.matches;
  }

  /** The k best chunks, best first. */
  top(k: number): ScoredChunk[] {
    const size = this.layout.offsets[this.layout.segments.length];
    const cap = Math.max(0, Math.min(Math.floor(k), size));
    // A min-heap of the best so far, its root the worst (lowest score, then latest order).
    const hs = new Float64Array(cap);
    const ho = new Float64Array(cap);
    const worse = (a: number, b: number) => hs[a] < hs[b] || (hs[a] === hs[b] && ho[a] > ho[b]);
    const swap = (a: number, b: number) => {
      const s = hs[a];
      hs[a] = hs[b];
      hs[b] = s;
      const o = ho[a];
      ho[a] = ho[b];
      ho[b] = o;
    };
    const { offsets, segments } = this.layout;
    const { acc, matched } = this;
    let n = 0;
    // Until the heap is full every match gets in; then only a chunk that beats its root (an
    // unmatched chunk scores 0, below any match, so one comparison skips both).
    let floor = cap === 0 ? Infinity : -Infinity;
    let floorOrder = 0;
    let matches = 0;
    for (let s = 0; s < segments.length; s++) {
      const count = this.sumSegment(s);
      const offset = offsets[s];
      for (let o = 0; o < count; o++) {
        const m = matched[o];
        matches += m === 0 ? 0 : 1;
        const score = acc[o] * m;
        if (score < floor || m === 0) continue;
        const order = this.order(s, offset + o);
        if (n < cap) {
          hs[n] = score;
          ho[n] = order;
          for (let i = n++; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
          if (n === cap) {
            floor = hs[0];
            floorOrder = ho[0];
          }
          continue;
        }
        if (score === floor && order > floorOrder) continue;
        hs[0] = score;
        ho[0] = order;
        for (let i = 0; ;) {
          const l = 2 * i + 1;
          let c = i;
          if (l < cap && worse(l, c)) c = l;
          if (l + 1 < cap && worse(l + 1, c)) c = l + 1;
          if (c === i) break;
          swap(i, c);
          i = c;
        }
        floor = hs[0];
        floorOrder = ho[0];
      }
      this.clearSegment(count);
    }
    this.matches = matches;
    const best = Array.from({ length: n }, (_, i) => i).sort((a, b) => hs[b] - hs[a] || ho[a] - ho[b]);
    return best.map((i) => this.hit(ho[i] % size)!);
  }

  /** A chunk's score and matched terms, or undefined if it matched no term (or was filtered out). */
  get(id: string): ScoredChunk | undefined {
    const g = this.globalId(id);
    return g === undefined ? undefined : this.hit(g);
  }

  /** 1-based ranks of the given chunks among all matches; chunks that matched nothing are left out. */
  ranks(ids: string[]): Map<string, number> {
    const targets: Array<{ g: number; score: number; order: number }> = [];
    for (const id of ids) {
      const g = this.globalId(id);
      const one = g === undefined ? undefined : this.scoreOf(g);
      if (one) targets.push({ g: g!, score: one.score, order: this.order(this.segmentOf(g!), g!) });
    }
    const out = new Map<string, number>();
    if (targets.length === 0) return out;
    // Targets worst first; each matching chunk outranks a prefix of them.
    targets.sort((a, b) => a.score - b.score || b.order - a.order);
    const tScores = Float64Array.from(targets, (t) => t.score);
    const tOrders = Float64Array.from(targets, (t) => t.order);
    const lowest = tScores[0];
    const beaten = new Int32Array(targets.length + 1);
    const { offsets, segments } = this.layout;
    const { acc, matched } = this;
    let matches = 0;
    for (let s = 0; s < segments.length; s++) {
      const count = this.sumSegment(s);
      const offset = offsets[s];
      for (let o = 0; o < count; o++) {
        const m = matched[o];
        matches += m === 0 ? 0 : 1;
        const score = acc[o] * m;
        if (score < lowest) continue; // outranks no target (most chunks; unmatched ones score 0)
        let lo = 0;
        let hi = tScores.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (tScores[mid] < score || (tScores[mid] === score && tOrders[mid] > this.order(s, offset + o))) lo = mid + 1;
          else hi = mid;
        }
        beaten[lo]++;
      }
      this.clearSegment(count);
    }
    this.matches = matches;
    let above = 0;
    for (let j = targets.length - 1; j >= 0; j--) {
      above += beaten[j + 1];
      out.set(this.chunkId(targets[j].g), above + 1);
    }
    return out;
  }

  /**
   * Sums segment s's scores into acc / matched (by ordinal) and returns how many of
   * them to read: the segment's chunk count, or 0 when it is not searched or matches nothing.
   */
  private sumSegment(s: number): number {
    if (this.picked[s] === 0) return 0;
    const { terms, weights, found, idf, acc, matched } = this;
    const seg = this.layout.segments[s];
    const { termStarts, postings, freqs, lengths } = seg;
    let any = false;
    // Terms in query order, so each chunk's sum adds up in MiniSearch's order.
    for (let t = 0; t < terms.length; t++) {
      const i = found[t][s];
      if (i < 0 || idf[t] === 0) continue;
      any = true;
      addTerm(postings, freqs, termStarts[i], termStarts[i + 1], idf[t], weights[t], lengths, this.layout.normOf, acc, matched);
    }
    return any ? seg.count : 0;
  }

  /** Zeroes what sumSegment wrote. */
  private clearSegment(count: number): void {
    this.acc.fill(0, 0, count);
    this.matched.fill(0, 0, count);
  }

  /**
   * Where a matching chunk comes in MiniSearch's iteration (term by term, each term's chunks in id
   * order; the earlier wins a tie): its first matching term, then its id. Only ties need it, so it
   * is looked up in the postings rather than tracked for every chunk.
   */
  private order(s: number, g: number): number {
    const seg = this.layout.segments[s];
    const o = g - this.layout.offsets[s];
    let t = 0;
    while (t < this.terms.length && (this.found[t][s] < 0 || this.idf[t] === 0 || freqOf(seg, this.found[t][s], o) === 0)) t++;
    return t * this.layout.offsets[this.layout.segments.length] + g;
  }

  /** One chunk's score (sum × matched terms) and matched terms, from its postings; undefined if it matched nothing. */
  private scoreOf(g: number): { score: number; terms: string[] } | undefined {
    const s = this.segmentOf(g);
    if (this.picked[s] === 0) return undefined;
    const seg = this.layout.segments[s];
    const o = g - this.layout.offsets[s];
    const norm = this.layout.normOf[seg.lengths[o]];
    let acc = 0;
    let m = 0;
    const terms: string[] = [];
    for (let t = 0; t < this.terms.length; t++) {
      const i = this.found[t][s];
      if (i < 0 || this.idf[t] === 0) continue;
      const tf = freqOf(seg, i, o);
      if (tf === 0) continue;
      m++;
      terms.push(this.terms[t]);
      acc += this.weights[t] * (this.idf[t] * (D + (tf * (K + 1)) / (tf + norm)));
    }
    return m === 0 ? undefined : { score: acc * m, terms };
  }

  /** The segment holding a global id: the last whose offset is not past it. */
  private segmentOf(g: number): number {
    const { offsets } = this.layout;
    let lo = 0;
    let hi = offsets.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (offsets[mid] <= g) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** A chunk id "doc#7" (see makeChunk) names its segment. */
  private globalId(id: string): number | undefined {
    const { segments, offsets, indexOf } = this.layout;
    const s = indexOf.get(id.slice(0, Math.max(0, id.lastIndexOf('#'))));
    if (s === undefined) return undefined;
    const at = ordinalOf(segments[s], id);
    return at >= 0 ? offsets[s] + at : undefined;
  }

  private chunkId(g: number): string {
    const s = this.segmentOf(g);
    return chunkIdAt(this.layout.segments[s], g - this.layout.offsets[s]);
  }

  private hit(g: number): ScoredChunk | undefined {
    const one = this.scoreOf(g);
    if (!one) return undefined;
    const s = this.segmentOf(g);
    return { id: chunkIdAt(this.layout.segments[s], g - this.layout.offsets[s]), docId: this.layout.names[s], score: one.score, terms: one.terms };
  }
}
