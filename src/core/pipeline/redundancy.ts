import { figuresKey } from '../text';
import { dot } from '../vector';

interface DuplicateOf {
  /** Index (in the input order) of the kept item this one repeats. */
  of: number;
  similarity: number;
}

interface RedundancyResult {
  /** Indices of kept items, in input order. */
  kept: number[];
  /** For each input index: undefined if kept, else which kept item it duplicates. */
  duplicates: Array<DuplicateOf | undefined>;
  /** Kept items whose vector repeats a kept one but whose figures or years differ from it. */
  keptForFigures: number[];
}

/**
 * ChunkRAG's redundancy filter: walking the candidates best first, one whose cosine
 * similarity to an already kept candidate exceeds `threshold` is dropped as that one's
 * duplicate. Vectors must be unit length; a missing vector never counts as a duplicate.
 *
 * With `texts`, two items are duplicates only if they also name the same figures and years
 * (see figuresKey): table vectors leave figures out, so two years' balance sheets can be
 * near-identical vectors while answering different questions. A missing text compares by
 * vector alone.
 */
export function filterRedundant(vectors: Array<Float32Array | undefined>, threshold: number, texts?: ReadonlyArray<string | undefined>): RedundancyResult {
  const keys = vectors.map((_, i) => (texts?.[i] === undefined ? undefined : figuresKey(texts[i]!)));
  const sameFigures = (i: number, k: number) => keys[i] === undefined || keys[k] === undefined || keys[i] === keys[k];
  const kept: number[] = [];
  const keptForFigures: number[] = [];
  const duplicates: Array<DuplicateOf | undefined> = vectors.map(() => undefined);
  vectors.forEach((v, i) => {
    let best: DuplicateOf | undefined;
    let figuresDiffer = false;
    for (const k of v ? kept : []) {
      const w = vectors[k];
      if (!w) continue;
      const s = dot(v!, w);
      if (s <= threshold) continue;
      if (!sameFigures(i, k)) figuresDiffer = true;
      else if (!best || s > best.similarity) best = { of: k, similarity: s };
    }
    if (best) {
      duplicates[i] = best;
      return;
    }
    kept.push(i);
    if (figuresDiffer) keptForFigures.push(i);
  });
  return { kept, duplicates, keptForFigures };
}
