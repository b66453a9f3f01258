/**
 * One document's keyword index as flat arrays: its chunk ids, their lengths, its sorted terms and
 * each term's postings. It is stored as is (IndexedDB clones typed arrays as plain memory) and
 * searched as is, so reopening a library costs no parsing and no index building: loading the
 * same segment as MiniSearch JSON took about 100 ms per 2,000 chunks, about 50 s for 500 filings.
 */

export const SEGMENT_VERSION = 1;

export interface KeywordSegment {
  version: typeof SEGMENT_VERSION;
  /** Chunk ids in the order they were indexed; a chunk's position here is its ordinal. */
  chunkIds: string[];
  /** Distinct tokens per chunk (BM25's document length, counted as MiniSearch counts it). */
  lengths: Uint32Array;
  /** Distinct processed terms, sorted by code unit. */
  terms: string[];
  /** Term i's postings are postings[termStarts[i] .. termStarts[i + 1]). */
  termStarts: Uint32Array;
  /** Chunk ordinals, ascending within each term. */
  postings: Uint32Array;
  /** How often the term occurs in that chunk (capped at 65,535). */
  freqs: Uint16Array;
}

export interface SegmentText {
  id: string;
  text: string;
}

/** Indexes texts with the index's tokenizer and term normaliser (null drops a token). */
export function buildSegment(items: readonly SegmentText[], tokenize: (text: string) => string[], processTerm: (t: string) => string | null): KeywordSegment {
  const lengths = new Uint32Array(items.length);
  // term -> flat [ordinal, tf, ordinal, tf, ...] in ordinal order
  const byTerm = new Map<string, number[]>();
  items.forEach((item, ordinal) => {
    const tokens = tokenize(item.text);
    lengths[ordinal] = new Set(tokens).size;
    for (const token of tokens) {
      const term = processTerm(token);
      if (!term) continue;
      let list = byTerm.get(term);
      if (!list) byTerm.set(term, (list = []));
      if (list.length > 0 && list[list.length - 2] === ordinal) list[list.length - 1]++;
      else list.push(ordinal, 1);
    }
  });
  const terms = [...byTerm.keys()].sort(compare);
  const termStarts = new Uint32Array(terms.length + 1);
  let total = 0;
  terms.forEach((term, i) => {
    termStarts[i] = total;
    total += byTerm.get(term)!.length / 2;
  });
  termStarts[terms.length] = total;
  const postings = new Uint32Array(total);
  const freqs = new Uint16Array(total);
  terms.forEach((term, i) => {
    const list = byTerm.get(term)!;
    for (let j = 0, at = termStarts[i]; j < list.length; j += 2, at++) {
      postings[at] = list[j];
      freqs[at] = Math.min(65535, list[j + 1]);
    }
  });
  return { version: SEGMENT_VERSION, chunkIds: items.map((i) => i.id), lengths, terms, termStarts, postings, freqs };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The term's index in the segment, or -1. */
export function findTerm(segment: KeywordSegment, term: string): number {
  const { terms } = segment;
  let lo = 0;
  let hi = terms.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = terms[mid];
    if (t === term) return mid;
    if (t < term) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Whether chunk `ordinal` holds term `termIndex` (binary search of its postings). */
export function hasPosting(segment: KeywordSegment, termIndex: number, ordinal: number): boolean {
  let lo = segment.termStarts[termIndex];
  let hi = segment.termStarts[termIndex + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const p = segment.postings[mid];
    if (p === ordinal) return true;
    if (p < ordinal) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Checks a stored value's shape before it is searched (it may come from an older version, or be damaged). */
export function isSegment(value: unknown): value is KeywordSegment {
  const s = value as KeywordSegment;
  return (
    typeof s === 'object' &&
    s !== null &&
    s.version === SEGMENT_VERSION &&
    Array.isArray(s.chunkIds) &&
    Array.isArray(s.terms) &&
    s.lengths instanceof Uint32Array &&
    s.termStarts instanceof Uint32Array &&
    s.postings instanceof Uint32Array &&
    s.freqs instanceof Uint16Array &&
    s.lengths.length === s.chunkIds.length &&
    s.termStarts.length === s.terms.length + 1 &&
    s.postings.length === s.freqs.length &&
    s.termStarts[s.terms.length] === s.postings.length &&
    below(s.postings, s.chunkIds.length)
  );
}

function below(values: Uint32Array, limit: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] >= limit) return false;
  return true;
}
