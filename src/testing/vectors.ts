import type { Sentence } from '../core/types';

/** Sentences from pieces joined by a separator, with exact offsets (tests only). */
export function sentencesOf(pieces: string[], sep = ' '): { text: string; sentences: Sentence[] } {
  const sentences: Sentence[] = [];
  let text = '';
  pieces.forEach((p, index) => {
    if (index > 0) text += sep;
    sentences.push({ index, start: text.length, end: text.length + p.length, text: p });
    text += p;
  });
  return { text, sentences };
}

/** A unit vector in `dim` dimensions pointing mostly along axis `axis`, with a small tilt. */
export function axisVector(dim: number, axis: number, tilt = 0): Float32Array {
  const v = new Float32Array(dim);
  v[axis] = Math.cos(tilt);
  v[(axis + 1) % dim] = Math.sin(tilt);
  return v;
}
