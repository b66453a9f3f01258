import type { Chunk, Sentence, Trace } from '../types';
import { neighbourSimilarities } from '../vector';
import { makeChunk, sameSection, type ChunkSource } from './make-chunk';
import { sectionPathAt } from './locate';

interface SemanticChunkInput extends ChunkSource {
  /** Units from `toUnits`: every one at most maxChars long. */
  sentences: Sentence[];
  /** Unit vectors, one per sentence. */
  vectors: Float32Array[];
  /** θ: neighbours at least this similar stay together (unless `percentile` is given). */
  threshold: number;
  /**
   * When given (0–100), θ is instead this percentile of the document's own neighbour
   * similarities, so P = 25 cuts at the quarter of neighbour pairs least alike, whatever the
   * embedder's similarity scale.
   */
  percentile?: number;
  maxChars: number;
}

export type BoundaryReason = 'similarity' | 'length' | 'section';

export interface SemanticChunkResult {
  chunks: Chunk[];
  /** sims[i] = cosine(sentence i, sentence i + 1) */
  neighbourSims: Float32Array;
  /** For each boundary before sentence i (i ≥ 1) that started a new chunk, why. */
  boundaries: Array<{ sentence: number; reason: BoundaryReason }>;
  /** The similarity cut used: θ, or the percentile of this document's neighbour similarities. */
  threshold: number;
  trace: Trace;
}

/** p-th percentile (0–100) of values, interpolating linearly between ranks; NaN for none. */
export function percentileOf(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (rank - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * The similarity cut a semantic chunker setting means for a document with these neighbour
 * similarities: θ itself, or their `percentile`-th percentile (θ when there are none).
 */
export function effectiveThreshold(sims: ArrayLike<number>, setting: { threshold: number; percentile?: number }): number {
  if (setting.percentile === undefined || sims.length === 0) return setting.threshold;
  return percentileOf(sims, setting.percentile);
}

/**
 * ChunkRAG's semantic chunker: consecutive sentences stay in one chunk while the cosine
 * similarity between neighbours is at least the threshold and the chunk stays within
 * maxChars. A new heading also starts a new chunk, so a chunk never spans two sections, and
 * a heading line stays with the sentence after it.
 */
export function semanticChunks(input: SemanticChunkInput): SemanticChunkResult {
  const t0 = performance.now();
  const { sentences, vectors, maxChars } = input;
  const sims = neighbourSimilarities(vectors.slice(0, sentences.length));
  const threshold = effectiveThreshold(sims, input);
  const chunks: Chunk[] = [];
  const boundaries: SemanticChunkResult['boundaries'] = [];
  const done = (): SemanticChunkResult => {
    const merged = sentences.length - chunks.length;
    return { chunks, neighbourSims: sims, boundaries, threshold, trace: trace(t0, chunks.length, merged, threshold, input.percentile) };
  };
  if (sentences.length === 0) return done();

  let first = 0;
  let section = sectionPathAt(input.sections, sentences[0].start);
  const close = (endExclusive: number) => {
    const start = sentences[first].start;
    const end = sentences[endExclusive - 1].end;
    chunks.push(makeChunk(input, chunks.length, start, end, first, endExclusive));
  };

  for (let i = 1; i < sentences.length; i++) {
    const nextSection = sectionPathAt(input.sections, sentences[i].start);
    let reason: BoundaryReason | undefined;
    const tooLong = sentences[i].end - sentences[first].start > maxChars;
    // A fragment ("low", a lone table cell) is never a chunk: it runs on into what follows.
    const tiny = sentences[i - 1].end - sentences[first].start < MIN_CHUNK_CHARS;
    if (!sameSection(section, nextSection)) reason = tiny ? undefined : 'section';
    else if (tooLong) reason = 'length';
    else if (sims[i - 1] < threshold && !isHeading(sentences[i - 1], section) && !tiny) reason = 'similarity';
    if (reason) {
      close(i);
      boundaries.push({ sentence: i, reason });
      first = i;
    }
    section = nextSection;
  }
  // A fragment left at the end joins the chunk before it.
  const last = chunks.at(-1);
  if (last && sentences[sentences.length - 1].end - sentences[first].start < MIN_CHUNK_CHARS) {
    chunks.pop();
    boundaries.pop();
    first = last.sentenceStart;
  }
  close(sentences.length);
  return done();
}

/**
 * The shortest chunk the semantic chunker makes, in characters, unless the whole document is
 * shorter: a word or two ("low", "Total", "2019"). Chosen so that a fragment cannot be a chunk on its own,
 * not tuned on any evaluation.
 */
export const MIN_CHUNK_CHARS = 8;

/** A heading line introduces what follows it: it never ends a chunk on its own. */
function isHeading(s: Sentence, path: string[]): boolean {
  return path.length > 0 && s.text.trim() === path[path.length - 1].trim();
}

function trace(t0: number, chunks: number, merged: number, threshold: number, percentile: number | undefined): Trace {
  const detail: NonNullable<Trace['detail']> = { chunker: 'semantic', chunks, merged, threshold: Number(threshold.toFixed(4)) };
  if (percentile !== undefined) detail.percentile = percentile;
  return { stage: 'chunking', ms: performance.now() - t0, detail };
}
