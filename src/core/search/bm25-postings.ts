import type { KeywordSegment } from './segment';

/** MiniSearch's default BM25+ parameters. */
export const K = 1.2;
export const B = 0.7;
export const D = 0.5;

/**
 * Adds one term's scores over a segment's postings[from, end) into the segment's sums and
 * matched-term counts. The arithmetic is MiniSearch's, in its order (w · x is x when w is 1).
 */
export function addTerm(
  postings: Uint16Array | Uint32Array,
  freqs: Uint8Array,
  from: number,
  end: number,
  idf: number,
  w: number,
  lengths: Uint16Array,
  normOf: Float64Array,
  acc: Float64Array,
  matched: Uint16Array,
): void {
  for (let p = from; p < end; p++) {
    const o = postings[p];
    const tf = freqs[p];
    matched[o]++;
    acc[o] += w * (idf * (D + (tf * (K + 1)) / (tf + normOf[lengths[o]])));
  }
}

/** How often chunk `ordinal` holds term `termIndex` (binary search of its postings), 0 if not at all. */
export function freqOf(segment: KeywordSegment, termIndex: number, ordinal: number): number {
  let lo = segment.termStarts[termIndex];
  let hi = segment.termStarts[termIndex + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = segment.postings[mid];
    if (p === ordinal) return segment.freqs[mid];
    if (p < ordinal) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}
