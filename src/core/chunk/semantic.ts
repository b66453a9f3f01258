import type { Chunk, Sentence, Trace } from '../types';
import { dot } from '../vector/cosine';
import { makeChunk, sameSection, type ChunkSource } from './make-chunk';
import { sectionPathAt } from './locate';

export interface SemanticChunkInput extends ChunkSource {
  /** Units from `toUnits`: every one at most maxChars long. */
  sentences: Sentence[];
  /** Unit vectors, one per sentence. */
  vectors: Float32Array[];
  threshold: number;
  maxChars: number;
}

export type BoundaryReason = 'similarity' | 'length' | 'section';

export interface SemanticChunkResult {
  chunks: Chunk[];
  /** sims[i] = cosine(sentence i, sentence i + 1) */
  neighbourSims: Float32Array;
  /** For each boundary before sentence i (i ≥ 1) that started a new chunk, why. */
  boundaries: Array<{ sentence: number; reason: BoundaryReason }>;
  trace: Trace;
}

/**
 * ChunkRAG's semantic chunker: consecutive sentences stay in one chunk while the cosine
 * similarity between neighbours is at least the threshold and the chunk stays within
 * maxChars. A new heading also starts a new chunk, so a chunk never spans two sections, and
 * a heading line stays with the sentence after it.
 */
export function semanticChunks(input: SemanticChunkInput): SemanticChunkResult {
  const t0 = performance.now();
  const { sentences, vectors, threshold, maxChars } = input;
  const sims = new Float32Array(Math.max(0, sentences.length - 1));
  const chunks: Chunk[] = [];
  const boundaries: SemanticChunkResult['boundaries'] = [];
  if (sentences.length === 0) return { chunks, neighbourSims: sims, boundaries, trace: trace(t0, 0, 0) };

  let first = 0;
  let section = sectionPathAt(input.sections, sentences[0].start);
  const close = (endExclusive: number) => {
    const start = sentences[first].start;
    const end = sentences[endExclusive - 1].end;
    chunks.push(makeChunk(input, chunks.length, start, end, first, endExclusive));
  };

  for (let i = 1; i < sentences.length; i++) {
    sims[i - 1] = dot(vectors[i - 1], vectors[i]);
    const nextSection = sectionPathAt(input.sections, sentences[i].start);
    let reason: BoundaryReason | undefined;
    const tooLong = sentences[i].end - sentences[first].start > maxChars;
    if (!sameSection(section, nextSection)) reason = 'section';
    else if (tooLong) reason = 'length';
    else if (sims[i - 1] < threshold && !isHeading(sentences[i - 1], section)) reason = 'similarity';
    if (reason) {
      close(i);
      boundaries.push({ sentence: i, reason });
      first = i;
      section = nextSection;
    }
  }
  close(sentences.length);
  const merged = sentences.length - chunks.length;
  return { chunks, neighbourSims: sims, boundaries, trace: trace(t0, chunks.length, merged) };
}

/** A heading line introduces what follows it: it never ends a chunk on its own. */
function isHeading(s: Sentence, path: string[]): boolean {
  return path.length > 0 && s.text.trim() === path[path.length - 1].trim();
}

function trace(t0: number, chunks: number, merged: number): Trace {
  return { stage: 'chunking', ms: performance.now() - t0, detail: { chunker: 'semantic', chunks, merged } };
}
