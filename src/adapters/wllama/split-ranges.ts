import type { SplitToken } from '../../core/llm';

/** A token's UTF-8 byte range in the window text and log P(split char) right after it, as Sieve's llama.cpp host reports it. */
export interface ByteSplit {
  start: number;
  end: number;
  logProb: number;
}

/**
 * Byte ranges of the window's tokens as character ranges (UTF-16 offsets) of `windowText`. A
 * token that ends inside a character (a byte-level token holding part of a UTF-8 sequence) gets
 * an empty range and the token that completes the character takes it whole. The ranges come
 * out in order, without gaps: the first starts at 0 and the last ends at the window's end.
 */
export function charRanges(windowText: string, splits: ByteSplit[]): SplitToken[] {
  // charAt[b]: the UTF-16 offset of the character holding byte b (its start: a token that ends
  // inside a character ends before it).
  const charAt: number[] = [];
  let bytes = 0;
  for (let i = 0; i < windowText.length;) {
    const cp = windowText.codePointAt(i)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    for (let k = 0; k < size; k++) charAt[bytes + k] = i;
    bytes += size;
    i += cp > 0xffff ? 2 : 1;
  }
  charAt[bytes] = windowText.length;
  const toChar = (b: number) => charAt[Math.max(0, Math.min(bytes, b))];
  let prev = 0;
  const out = splits.map((s) => {
    const end = Math.max(prev, toChar(s.end));
    const token = { start: prev, end, logProb: s.logProb };
    prev = end;
    return token;
  });
  if (out.length) out[out.length - 1].end = windowText.length;
  return out;
}
