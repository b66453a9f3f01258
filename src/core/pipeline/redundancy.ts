import { dot } from '../vector/cosine';

export interface DuplicateOf {
  /** Index (in the input order) of the kept item this one repeats. */
  of: number;
  similarity: number;
}

export interface RedundancyResult {
  /** Indices of kept items, in input order. */
  kept: number[];
  /** For each input index: undefined if kept, else which kept item it duplicates. */
  duplicates: Array<DuplicateOf | undefined>;
}

/**
 * ChunkRAG's redundancy filter: walking the candidates best first, one whose cosine
 * similarity to an already kept candidate exceeds `threshold` is dropped as that one's
 * duplicate. Vectors must be unit length; a missing vector never counts as a duplicate.
 */
export function filterRedundant(vectors: Array<Float32Array | undefined>, threshold: number): RedundancyResult {
  const kept: number[] = [];
  const duplicates: Array<DuplicateOf | undefined> = vectors.map(() => undefined);
  vectors.forEach((v, i) => {
    if (v) {
      let best: DuplicateOf | undefined;
      for (const k of kept) {
        const w = vectors[k];
        if (!w) continue;
        const s = dot(v, w);
        if (s > threshold && (!best || s > best.similarity)) best = { of: k, similarity: s };
      }
      if (best) {
        duplicates[i] = best;
        return;
      }
    }
    kept.push(i);
  });
  return { kept, duplicates };
}
