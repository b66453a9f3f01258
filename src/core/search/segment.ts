/**
 * One document's keyword index as a few flat arrays: its sorted terms joined in one string,
 * each term's postings, and the chunks' lengths. It is stored as is (IndexedDB clones typed
 * arrays and one string as plain memory) and searched as is, so reopening a library costs no
 * parsing and no index building: the same segment as MiniSearch JSON took about 100 ms per
 * 2,000 chunks to load, about 50 s for 500 filings.
 */

export const SEGMENT_VERSION = 2;

/** Between terms in `terms`; the tokenizer never puts it in a term. */
const SEP = '\u0000';

export interface KeywordSegment {
  version: typeof SEGMENT_VERSION;
  count: number;
  /** Chunk i's id is `${idPrefix}${i}` (ids as makeChunk makes them); null when they are listed in `chunkIds`. */
  idPrefix: string | null;
  chunkIds: string[] | null;
  /** Distinct tokens per chunk (BM25's document length, counted as MiniSearch counts it), capped at 65,535. */
  lengths: Uint16Array;
  /** Distinct processed terms, sorted by code unit, each followed by SEP. */
  terms: string;
  /** Term i is terms.slice(termAt[i], termAt[i + 1] - 1). */
  termAt: Uint32Array;
  /** Term i's postings are postings[termStarts[i] .. termStarts[i + 1]). */
  termStarts: Uint32Array;
  /** Chunk ordinals, ascending within each term (16-bit when the document has at most 65,536 chunks). */
  postings: Uint16Array | Uint32Array;
  /** How often the term occurs in that chunk, capped at 255. */
  freqs: Uint8Array;
}

export interface SegmentText {
  id: string;
  text: string;
}

/** Indexes texts with the index's tokenizer and term normaliser (null drops a token). */
export function buildSegment(items: readonly SegmentText[], tokenize: (text: string) => string[], processTerm: (t: string) => string | null): KeywordSegment {
  const count = items.length;
  const lengths = new Uint16Array(count);
  // term -> flat [ordinal, tf, ordinal, tf, ...] in ordinal order
  const byTerm = new Map<string, number[]>();
  items.forEach((item, ordinal) => {
    const tokens = tokenize(item.text);
    lengths[ordinal] = Math.min(65535, new Set(tokens).size);
    for (const token of tokens) {
      const term = processTerm(token);
      if (!term || term.includes(SEP)) continue;
      let list = byTerm.get(term);
      if (!list) byTerm.set(term, (list = []));
      if (list.length > 0 && list[list.length - 2] === ordinal) list[list.length - 1]++;
      else list.push(ordinal, 1);
    }
  });
  const sorted = [...byTerm.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const termAt = new Uint32Array(sorted.length + 1);
  const termStarts = new Uint32Array(sorted.length + 1);
  let chars = 0;
  let total = 0;
  sorted.forEach((term, i) => {
    termAt[i] = chars;
    termStarts[i] = total;
    chars += term.length + 1;
    total += byTerm.get(term)!.length / 2;
  });
  termAt[sorted.length] = chars;
  termStarts[sorted.length] = total;
  const postings = count <= 65536 ? new Uint16Array(total) : new Uint32Array(total);
  const freqs = new Uint8Array(total);
  sorted.forEach((term, i) => {
    const list = byTerm.get(term)!;
    for (let j = 0, at = termStarts[i]; j < list.length; j += 2, at++) {
      postings[at] = list[j];
      freqs[at] = Math.min(255, list[j + 1]);
    }
  });
  const idPrefix = commonIdPrefix(items);
  return {
    version: SEGMENT_VERSION,
    count,
    idPrefix,
    chunkIds: idPrefix === null ? items.map((i) => i.id) : null,
    lengths,
    terms: sorted.map((t) => t + SEP).join(''),
    termAt,
    termStarts,
    postings,
    freqs,
  };
}

/** "doc#" when the ids are "doc#0", "doc#1", … in order; else null. */
function commonIdPrefix(items: readonly SegmentText[]): string | null {
  if (items.length === 0) return '';
  const first = items[0].id;
  const prefix = first.slice(0, first.lastIndexOf('#') + 1);
  return prefix && items.every((item, i) => item.id === `${prefix}${i}`) ? prefix : null;
}

export function chunkIdAt(segment: KeywordSegment, ordinal: number): string {
  return segment.idPrefix !== null ? `${segment.idPrefix}${ordinal}` : segment.chunkIds![ordinal];
}

/** A chunk's ordinal in the segment, or -1. */
export function ordinalOf(segment: KeywordSegment, id: string): number {
  if (segment.idPrefix === null) return segment.chunkIds!.indexOf(id);
  if (!id.startsWith(segment.idPrefix)) return -1;
  const rest = id.slice(segment.idPrefix.length);
  const n = Number(rest);
  return Number.isInteger(n) && n >= 0 && n < segment.count && String(n) === rest ? n : -1;
}

/**
 * The term's index in the segment, or -1: a binary search comparing code units in place (a
 * substring per step made a long question's lookups over 1,000 segments cost 20–30 ms).
 */
export function findTerm(segment: KeywordSegment, term: string): number {
  const { terms, termAt } = segment;
  const len = term.length;
  let lo = 0;
  let hi = termAt.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = termAt[mid];
    const midLen = termAt[mid + 1] - 1 - start;
    const n = midLen < len ? midLen : len;
    let c = 0;
    for (let j = 0; j < n && c === 0; j++) c = terms.charCodeAt(start + j) - term.charCodeAt(j);
    if (c === 0) c = midLen - len;
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
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
  if (typeof s !== 'object' || s === null || s.version !== SEGMENT_VERSION || !Number.isInteger(s.count)) return false;
  const ids = s.idPrefix !== null ? typeof s.idPrefix === 'string' && s.chunkIds === null : Array.isArray(s.chunkIds) && s.chunkIds.length === s.count;
  return (
    ids &&
    typeof s.terms === 'string' &&
    s.lengths instanceof Uint16Array &&
    s.termAt instanceof Uint32Array &&
    s.termStarts instanceof Uint32Array &&
    (s.postings instanceof Uint16Array || s.postings instanceof Uint32Array) &&
    s.freqs instanceof Uint8Array &&
    s.lengths.length === s.count &&
    s.termAt.length === s.termStarts.length &&
    s.termAt[s.termAt.length - 1] === s.terms.length &&
    s.postings.length === s.freqs.length &&
    s.termStarts[s.termStarts.length - 1] === s.postings.length &&
    below(s.postings, s.count)
  );
}

function below(values: Uint16Array | Uint32Array, limit: number): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] >= limit) return false;
  return true;
}
