interface RseDocument {
  docId: string;
  /** Value of each chunk, in document order. */
  values: ArrayLike<number>;
  /** Character length of each chunk. */
  lengths: ArrayLike<number>;
}

interface RseLimits {
  /** Most chunks in one segment. */
  maxChunks: number;
  /** Characters all segments together may hold. */
  budget: number;
  /** A segment must be worth more than this. */
  minValue: number;
}

export interface Segment {
  docId: string;
  /** Chunk index range [start, end) in the document. */
  start: number;
  end: number;
  value: number;
  chars: number;
}

/**
 * Relevant segment extraction: repeatedly takes the most valuable run of adjacent chunks in
 * any document — at most maxChunks long, fitting the characters left in the budget, and not
 * overlapping a run already taken — until no run is worth more than minValue. Returned best
 * first. Ties go to the earlier document (in input order), then the earlier and shorter run.
 */
export function bestSegments(docs: RseDocument[], limits: RseLimits): Segment[] {
  const taken = docs.map((d) => new Uint8Array(d.values.length));
  const out: Segment[] = [];
  let left = limits.budget;
  for (;;) {
    let best: (Segment & { doc: number }) | undefined;
    docs.forEach((d, di) => {
      const n = d.values.length;
      for (let s = 0; s < n; s++) {
        if (taken[di][s]) continue;
        let value = 0;
        let chars = 0;
        for (let e = s; e < n && e - s < limits.maxChunks && !taken[di][e]; e++) {
          value += d.values[e];
          chars += d.lengths[e];
          if (chars > left) break;
          if (value > limits.minValue && (!best || value > best.value + 1e-12)) {
            best = { docId: d.docId, doc: di, start: s, end: e + 1, value, chars };
          }
        }
      }
    });
    if (!best) return out;
    taken[best.doc].fill(1, best.start, best.end);
    left -= best.chars;
    const { doc: _doc, ...segment } = best;
    out.push(segment);
  }
}
