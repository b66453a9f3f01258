/** Keys of the embedding cache: the embedder's id and a hash of the exact text. */

/**
 * 64-bit hash of a string as 16 hex digits: two 32-bit multiplicative hashes over the UTF-16
 * code units with different constants, each passed through an avalanche finaliser.
 */
export function hashText(text: string): string {
  let a = 0x811c9dc5 ^ text.length;
  let b = 0x27d4eb2f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  b ^= a;
  return hex32(avalanche(a)) + hex32(avalanche(b ^ Math.imul(text.length, 0x9e3779b1)));
}

function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex32(h: number): string {
  return h.toString(16).padStart(8, '0');
}

/** Cache key for a text under an embedder: `${embedderId}:${length}.${hash}` (the part after the last ":" never holds one). */
export function embeddingCacheKey(embedderId: string, text: string): string {
  return `${embedderId}:${text.length.toString(36)}.${hashText(text)}`;
}

/** Splits a key made by `embeddingCacheKey` into the embedder id and the text's part. */
export function splitCacheKey(key: string): { embedderId: string; textKey: string } {
  const at = key.lastIndexOf(':');
  return { embedderId: key.slice(0, at), textKey: key.slice(at + 1) };
}
