import type { Chunk, Sentence, Trace } from '../types';
import { makeChunk, type ChunkSource } from './make-chunk';
import { sentenceRange } from './locate';

interface FixedChunkInput extends ChunkSource {
  sentences: Sentence[];
  size: number;
  overlap: number;
}

/**
 * Baseline chunker: windows of `size` characters, each starting `size - overlap` after the
 * previous one; edges move back to the nearest whitespace so words are not cut.
 */
export function fixedChunks(input: FixedChunkInput): { chunks: Chunk[]; trace: Trace } {
  const t0 = performance.now();
  const { text, size } = input;
  const overlap = Math.max(0, Math.min(input.overlap, size - 1));
  const chunks: Chunk[] = [];
  let start = skipSpace(text, 0);
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = backToSpace(text, start, end);
    const trimmedEnd = trimEnd(text, start, end);
    if (trimmedEnd > start) {
      const [s0, s1] = sentenceRange(input.sentences, start, trimmedEnd);
      chunks.push(makeChunk(input, chunks.length, start, trimmedEnd, s0, s1));
    }
    if (end >= text.length) break;
    let next = Math.max(start + 1, end - overlap);
    if (next < end) next = forwardToWordStart(text, next, end);
    start = skipSpace(text, next);
  }
  return { chunks, trace: { stage: 'chunking', ms: performance.now() - t0, detail: { chunker: 'fixed', chunks: chunks.length } } };
}

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r';

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text[i])) i++;
  return i;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && isSpace(text[end - 1])) end--;
  return end;
}

/** Moves end back to a whitespace position so the last word is whole (unless the window is one word). */
function backToSpace(text: string, start: number, end: number): number {
  if (isSpace(text[end])) return end;
  for (let i = end - 1; i > start; i--) if (isSpace(text[i])) return i;
  return end;
}

function forwardToWordStart(text: string, i: number, limit: number): number {
  if (i > 0 && !isSpace(text[i - 1])) {
    while (i < limit && !isSpace(text[i])) i++;
  }
  return i;
}
