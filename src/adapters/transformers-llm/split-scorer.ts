/**
 * The pure parts of TransformersLlm.scoreSplits: finding the window's tokens in the prompt,
 * mapping them to character ranges of the window text, and log-softmax at the split token.
 */

export { SplitWindowTooLongError } from '../../core/llamachunk';

/** Length of the common prefix of two token id lists. */
export function commonPrefix(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

/**
 * Character ranges, in window coordinates, of the tokens `ids[from..]` of a prompt whose text
 * is `fullText`, the window being `fullText.slice(windowStart)`, with each token's index in
 * `ids`. Tokens are decoded
 * incrementally and checked against the text: a token that does not complete a character (a
 * byte-level BPE token holding part of a UTF-8 sequence) gets an empty range and the token that
 * completes it takes the whole character. A token straddling the junction starts at 0. The
 * ranges are in order, without gaps or overlaps, and the last ends at the window's end.
 */
export function windowTokenRanges(
  ids: ArrayLike<number>,
  from: number,
  fullText: string,
  windowStart: number,
  decode: (ids: number[]) => string,
): Array<{ index: number; start: number; end: number }> {
  const all = Array.from(ids);
  const windowLength = fullText.length - windowStart;
  const tail = decode(all.slice(from));
  // Where the tokens from `from` on begin in the full text (before the window when the junction merged).
  const begin = fullText.endsWith(tail) ? fullText.length - tail.length : windowStart;
  const toWindow = (pos: number) => Math.max(0, Math.min(windowLength, pos - windowStart));
  const out: Array<{ index: number; start: number; end: number }> = [];
  let anchor = from;
  let anchorPos = begin;
  let prev = begin;
  for (let i = from; i < all.length; i++) {
    let end: number | undefined;
    const piece = decode(all.slice(anchor, i + 1));
    if (fullText.startsWith(piece, anchorPos) && !piece.endsWith('\uFFFD')) {
      end = anchorPos + piece.length;
    } else if (anchor > from) {
      // Decoders that strip a leading space (SentencePiece) need the text from the junction on.
      const whole = decode(all.slice(from, i + 1));
      if (fullText.startsWith(whole, begin) && !whole.endsWith('\uFFFD')) end = begin + whole.length;
    }
    if (end === undefined || end < prev) {
      end = prev; // part of a character (or text the decoder changed): empty until a token completes it
    } else {
      anchor = i + 1;
      anchorPos = end;
    }
    // Tokens wholly before the window (the junction merged several) are prompt, not window.
    if (prev >= windowStart || end > windowStart) out.push({ index: i, start: toWindow(prev), end: toWindow(end) });
    prev = end;
  }
  if (out.length) {
    // The first token takes the window from its start (e.g. a space a decoder dropped), the last to its end.
    out[0].start = 0;
    out[out.length - 1].end = windowLength;
  }
  return out;
}

/**
 * log softmax(row)[id] for each of `rows` rows of `vocab` logits stored row after row.
 */
export function splitLogProbs(data: ArrayLike<number>, rows: number, vocab: number, id: number): number[] {
  const out = new Array<number>(rows);
  for (let r = 0; r < rows; r++) {
    const base = r * vocab;
    let max = -Infinity;
    for (let j = 0; j < vocab; j++) if (data[base + j] > max) max = data[base + j];
    let total = 0;
    for (let j = 0; j < vocab; j++) total += Math.exp(data[base + j] - max);
    out[r] = data[base + id] - max - Math.log(total);
  }
  return out;
}
