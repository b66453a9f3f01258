import { TopK } from './top-k';
import { chunkIdAt, findTerm, hasPosting, ordinalOf, type KeywordSegment } from './segment';

/**
 * BM25+ over a list of keyword segments (one per document), scoring exactly as one MiniSearch
 * OR search over all their chunks would (same formula and parameters, document frequencies and
 * average length taken over every segment, and its "quality" factor: the summed score times the
 * number of distinct query terms a chunk matches; bm25.test.ts checks this against MiniSearch).
 * Scores accumulate in typed arrays indexed by a global id (a segment's offset plus the chunk's
 * ordinal), the best k come from a bounded heap, and any other chunk's score, rank and matched
 * terms are read on demand. A long question full of common words matches nearly every chunk;
 * MiniSearch.search took 0.3–1 s for that at 100,000 chunks on a 2-core machine, this 5–15 ms.
 * Restricting a query to some documents skips the other segments entirely. A term repeated in
 * the query is scored once with weight 2.
 */

/** MiniSearch's default BM25+ parameters. */
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** Segments laid out in one id space, rebuilt after a segment is added or removed. */
interface Layout {
  names: string[];
  /** Segment index by name. */
  indexOf: Map<string, number>;
  segments: KeywordSegment[];
  /** Global id of each segment's ordinal 0, and one past the last segment. */
  offsets: Int32Array;
  /** k · (1 − b + b · length / average length) by global id. */
  norm: Float64Array;
}

export class Bm25Scorer {
  private layout?: Layout;
  /** Per-chunk work arrays, reused by every query (a million chunks would mean 18 MB to allocate and clear each time). */
  private scratch?: { acc: Float64Array; matched: Uint16Array; pos: Int32Array; touched: Int32Array; count: number };

  constructor(
    /** The segments by name (a document id); read again whenever the scorer is invalidated. */
    private readonly source: () => Iterable<readonly [string, KeywordSegment]>,
    private readonly tokenize: (text: string) => string[],
    private readonly processTerm: (term: string) => string | null,
  ) {}

  /** Call after a segment is added or removed. */
  invalidate(): void {
    this.layout = undefined;
    this.scratch = undefined;
  }

  /**
   * Scores every chunk for the query, optionally only those of some segments. The result is read
   * from arrays the next query reuses: use it before scoring again.
   */
  score(query: string, only?: ReadonlySet<string>): Bm25Scores {
    const layout = (this.layout ??= this.buildLayout());
    const { segments, offsets, norm } = layout;
    const { terms, weights } = this.queryTerms(query);
    // found[t][s]: term t's index in segment s, or -1.
    const found = terms.map((term) => Int32Array.from(segments, (seg) => findTerm(seg, term)));
    const picked = segments.map((_, s) => !only || only.has(layout.names[s]));
    const size = norm.length;
    const total = size;
    const scratch = this.workArrays(size);
    const { acc, matched, pos, touched } = scratch;
    let count = 0;
    for (let t = 0; t < terms.length; t++) {
      let df = 0;
      segments.forEach((seg, s) => {
        const i = found[t][s];
        if (i >= 0) df += seg.termStarts[i + 1] - seg.termStarts[i];
      });
      if (df === 0) continue;
      const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
      const w = weights[t];
      for (let s = 0; s < segments.length; s++) {
        const i = found[t][s];
        if (i < 0 || !picked[s]) continue;
        const { termStarts, postings, freqs } = segments[s];
        const offset = offsets[s];
        for (let at = termStarts[i], end = termStarts[i + 1]; at < end; at++) {
          const id = offset + postings[at];
          const tf = freqs[at];
          const score = idf * (D + (tf * (K + 1)) / (tf + norm[id]));
          if (matched[id] === 0) {
            pos[id] = count;
            touched[count++] = id;
          }
          matched[id]++;
          acc[id] += w === 1 ? score : w * score;
        }
      }
    }
    for (let i = 0; i < count; i++) acc[touched[i]] *= matched[touched[i]];
    scratch.count = count;
    return new Bm25Scores(layout, found, acc, touched.subarray(0, count), pos, terms);
  }

  /** The work arrays, cleared where the last query wrote. */
  private workArrays(size: number) {
    const s = this.scratch;
    if (!s || s.acc.length !== size) {
      return (this.scratch = { acc: new Float64Array(size), matched: new Uint16Array(size), pos: new Int32Array(size), touched: new Int32Array(size), count: 0 });
    }
    for (let i = 0; i < s.count; i++) {
      s.acc[s.touched[i]] = 0;
      s.matched[s.touched[i]] = 0;
    }
    s.count = 0;
    return s;
  }

  /** Distinct query terms in query order, each weighted by how often it occurs. */
  private queryTerms(query: string): { terms: string[]; weights: number[] } {
    const terms: string[] = [];
    const weights: number[] = [];
    for (const token of this.tokenize(query)) {
      const term = this.processTerm(token);
      if (!term) continue;
      const at = terms.indexOf(term);
      if (at >= 0) weights[at]++;
      else {
        terms.push(term);
        weights.push(1);
      }
    }
    return { terms, weights };
  }

  private buildLayout(): Layout {
    const names: string[] = [];
    const segments: KeywordSegment[] = [];
    for (const [name, seg] of this.source()) {
      names.push(name);
      segments.push(seg);
    }
    const offsets = new Int32Array(segments.length + 1);
    let lengthSum = 0;
    segments.forEach((seg, s) => {
      offsets[s + 1] = offsets[s] + seg.count;
      for (const l of seg.lengths) lengthSum += l;
    });
    const size = offsets[segments.length];
    const avg = size > 0 ? lengthSum / size : 1;
    const norm = new Float64Array(size);
    segments.forEach((seg, s) => {
      for (let o = 0; o < seg.lengths.length; o++) norm[offsets[s] + o] = K * (1 - B + (B * seg.lengths[o]) / avg);
    });
    return { names, indexOf: new Map(names.map((n, i) => [n, i])), segments, offsets, norm };
  }
}

export interface ScoredChunk {
  id: string;
  /** Its document (the segment's name). */
  docId: string;
  score: number;
  /** Query terms (normalised) found in the chunk, in query order. */
  terms: string[];
}

/** One query's scores; ranks follow MiniSearch's order (score, then first match). */
export class Bm25Scores {
  constructor(
    private readonly layout: Layout,
    /** found[t][s]: query term t's index in segment s, or -1. */
    private readonly found: Int32Array[],
    private readonly scores: Float64Array,
    private readonly touched: Int32Array,
    private readonly pos: Int32Array,
    private readonly terms: string[],
  ) {}

  /** How many chunks matched at least one term. */
  get total(): number {
    return this.touched.length;
  }

  /** The k best chunks, best first. */
  top(k: number): ScoredChunk[] {
    const heap = new TopK(Math.min(k, this.touched.length));
    for (let i = 0; i < this.touched.length; i++) heap.offer(this.scores[this.touched[i]], i);
    const { orders } = heap.drain();
    return Array.from(orders, (order) => this.hit(this.touched[order]));
  }

  /** A chunk's score and matched terms, or undefined if it matched no term (or was filtered out). */
  get(id: string): ScoredChunk | undefined {
    const g = this.globalId(id);
    return g !== undefined && this.isTouched(g) ? this.hit(g) : undefined;
  }

  /** 1-based ranks of the given chunks among all matches; chunks that matched nothing are left out. */
  ranks(ids: string[]): Map<string, number> {
    const targets = ids.map((id) => this.globalId(id)).filter((g): g is number => g !== undefined && this.isTouched(g));
    // Targets worst first; each matching chunk outranks a prefix of them.
    targets.sort((a, b) => this.scores[a] - this.scores[b] || this.pos[b] - this.pos[a]);
    const beaten = new Int32Array(targets.length + 1);
    for (let i = 0; i < this.touched.length; i++) {
      const s = this.scores[this.touched[i]];
      let lo = 0;
      let hi = targets.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const t = targets[mid];
        if (this.scores[t] < s || (this.scores[t] === s && this.pos[t] > i)) lo = mid + 1;
        else hi = mid;
      }
      beaten[lo]++;
    }
    const out = new Map<string, number>();
    let above = 0;
    for (let j = targets.length - 1; j >= 0; j--) {
      above += beaten[j + 1];
      out.set(this.chunkId(targets[j]), above + 1);
    }
    return out;
  }

  private isTouched(g: number): boolean {
    return g < this.pos.length && this.touched[this.pos[g]] === g;
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

  private hit(g: number): ScoredChunk {
    const s = this.segmentOf(g);
    const seg = this.layout.segments[s];
    const ordinal = g - this.layout.offsets[s];
    const terms = this.terms.filter((_, t) => this.found[t][s] >= 0 && hasPosting(seg, this.found[t][s], ordinal));
    return { id: chunkIdAt(seg, ordinal), docId: this.layout.names[s], score: this.scores[g], terms };
  }
}
