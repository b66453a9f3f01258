import { findTerm, type KeywordSegment } from './segment';
import { B, K } from './bm25-postings';
import { Bm25Scores, type Layout } from './bm25-scores';

export type { Bm25Scores, ScoredChunk } from './bm25-scores';

/**
 * BM25+ over a list of keyword segments (one per document), scoring exactly as one MiniSearch
 * OR search over all their chunks would (same formula and parameters, document frequencies and
 * average length taken over every segment, and its "quality" factor: the summed score times the
 * number of distinct query terms a chunk matches; bm25.test.ts checks this against MiniSearch).
 * Restricting a query to some documents skips the other segments entirely. A term repeated in
 * the query is scored once with weight 2.
 *
 * A long question full of common words matches nearly every chunk (900,000 of a million), so
 * the cost is one pass over the query terms' postings. The pass runs segment by segment, every
 * query term within a segment, summing into segment-sized arrays that stay in cache, and keeps
 * nothing per chunk globally: top(k) selects as it goes, any one chunk's score is recomputed
 * from its postings on demand (get), and ranks() makes a second pass comparing every chunk to
 * the few it is asked about. At a million chunks, term by term into global per-chunk arrays
 * streamed ~20 MB per term and took 50–75 ms; this takes about a third of that.
 */

/** Terms whose lookups a layout keeps (4 bytes per segment each). */
const LOOKUPS_KEPT = 4096;

export class Bm25Scorer {
  private layout?: Layout;

  constructor(
    /** The segments by name (a document id); read again whenever the scorer is invalidated. */
    private readonly source: () => Iterable<readonly [string, KeywordSegment]>,
    private readonly tokenize: (text: string) => string[],
    private readonly processTerm: (term: string) => string | null,
  ) {}

  /** Call after a segment is added or removed. */
  invalidate(): void {
    this.layout = undefined;
  }

  /**
   * Scores the query over every chunk, optionally only those of some segments. Cheap in itself:
   * the work happens when the result is read. Read it before a segment is added or removed.
   */
  score(query: string, only?: ReadonlySet<string>): Bm25Scores {
    const layout = (this.layout ??= this.buildLayout());
    const { segments } = layout;
    const { terms, weights } = this.queryTerms(query);
    // found[t][s]: term t's index in segment s, or -1.
    const found = lookUp(layout, terms);
    const total = layout.offsets[segments.length];
    // idf[t], from the term's document frequency over every segment (0: the term matches nothing).
    const idf = new Float64Array(terms.length);
    for (let t = 0; t < terms.length; t++) {
      let df = 0;
      for (let s = 0; s < segments.length; s++) {
        const i = found[t][s];
        if (i >= 0) df += segments[s].termStarts[i + 1] - segments[s].termStarts[i];
      }
      if (df > 0) idf[t] = Math.log(1 + (total - df + 0.5) / (df + 0.5));
    }
    const picked = new Uint8Array(segments.length);
    for (let s = 0; s < segments.length; s++) picked[s] = !only || only.has(layout.names[s]) ? 1 : 0;
    return new Bm25Scores(layout, terms, Float64Array.from(weights), found, idf, picked);
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
    let longest = 0;
    let most = 0;
    segments.forEach((seg, s) => {
      offsets[s + 1] = offsets[s] + seg.count;
      most = Math.max(most, seg.count);
      for (const l of seg.lengths) {
        lengthSum += l;
        if (l > longest) longest = l;
      }
    });
    const size = offsets[segments.length];
    const avg = size > 0 ? lengthSum / size : 1;
    const normOf = new Float64Array(longest + 1);
    for (let l = 0; l <= longest; l++) normOf[l] = K * (1 - B + (B * l) / avg);
    return { names, indexOf: new Map(names.map((n, i) => [n, i])), segments, offsets, normOf, most, lookups: new Map() };
  }
}

/** Each term's index in every segment, or -1; new terms are searched segment by segment (their term lists stay in cache). */
function lookUp(layout: Layout, terms: string[]): Int32Array[] {
  const { segments, lookups } = layout;
  const fresh = terms.filter((term) => !lookups.has(term));
  if (fresh.length > 0) {
    if (lookups.size + fresh.length > LOOKUPS_KEPT) lookups.clear();
    const rows = fresh.map(() => new Int32Array(segments.length));
    for (let s = 0; s < segments.length; s++) {
      const seg = segments[s];
      for (let t = 0; t < fresh.length; t++) rows[t][s] = findTerm(seg, fresh[t]);
    }
    fresh.forEach((term, t) => lookups.set(term, rows[t]));
  }
  return terms.map((term) => lookups.get(term)!);
}
