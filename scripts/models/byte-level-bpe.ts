/**
 * GPT-2 style byte-level BPE: the byte ↔ printable-character table, the pre-tokenising regex,
 * a deterministic merge trainer over a word-frequency table, and the greedy merge encoder
 * (lowest merge rank first), which is what tokenizers' BPE model does.
 */

/** GPT-2's `bytes_to_unicode`: printable bytes map to themselves, the rest to U+0100 and up. */
export const BYTE_TO_CHAR: readonly string[] = (() => {
  const printable = (b: number) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  const table: string[] = [];
  let next = 0;
  for (let b = 0; b < 256; b++) table[b] = String.fromCodePoint(printable(b) ? b : 256 + next++);
  return table;
})();

/** The pre-tokeniser regex of tokenizers' ByteLevel (GPT-2's). */
export const GPT2_PRETOKEN_PATTERN = /'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+/gu;

/** Text → byte-level characters (one per UTF-8 byte). */
export function toByteChars(text: string): string {
  return Array.from(new TextEncoder().encode(text), (b) => BYTE_TO_CHAR[b]).join('');
}

/** Splits text the way the ByteLevel pre-tokeniser does, before BPE. */
export function pretokenize(text: string): string[] {
  return (text.match(GPT2_PRETOKEN_PATTERN) ?? []).map(toByteChars);
}

export type Merge = readonly [string, string];

/** Applies merges to one pre-token, always merging the adjacent pair of lowest rank first. */
export function applyMerges(word: string, ranks: ReadonlyMap<string, number>): string[] {
  const symbols = Array.from(word);
  for (;;) {
    let best = -1;
    let bestRank = Infinity;
    for (let i = 0; i + 1 < symbols.length; i++) {
      const rank = ranks.get(`${symbols[i]} ${symbols[i + 1]}`);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) return symbols;
    symbols.splice(best, 2, symbols[best] + symbols[best + 1]);
  }
}

/** Rank lookup keyed `left right` (byte-level characters never include a plain space). */
export function mergeRanks(merges: readonly Merge[]): Map<string, number> {
  return new Map(merges.map(([a, b], i) => [`${a} ${b}`, i]));
}

/**
 * Merges that make each of `words` (byte-level pre-tokens) encode to a single token, given
 * the merges before them: each word's current pieces are joined left to right.
 */
export function chainMerges(words: readonly string[], prior: readonly Merge[] = []): Merge[] {
  const merges = [...prior];
  const added: Merge[] = [];
  for (const word of words) {
    const pieces = applyMerges(word, mergeRanks(merges));
    let left = pieces[0];
    for (const right of pieces.slice(1)) {
      const merge: Merge = [left, right];
      merges.push(merge);
      added.push(merge);
      left += right;
    }
  }
  return added;
}

/**
 * Learns merges from `counts` (byte-level pre-token → frequency), starting from `seedMerges`,
 * until `newTokens` tokens not already in `known` exist. Ties between equally frequent pairs
 * go to the lexicographically smallest `left right` key, so the result is deterministic.
 */
export function trainMerges(counts: ReadonlyMap<string, number>, newTokens: number, known: ReadonlySet<string>, seedMerges: readonly Merge[] = []): Merge[] {
  const seedRanks = mergeRanks(seedMerges);
  const words = [...counts].map(([word, count]) => ({ symbols: applyMerges(word, seedRanks), count }));
  const pairCounts = new Map<string, number>();
  const pairWords = new Map<string, Set<number>>();

  const countPairs = (index: number, sign: 1 | -1) => {
    const { symbols, count } = words[index];
    for (let i = 0; i + 1 < symbols.length; i++) {
      const key = `${symbols[i]} ${symbols[i + 1]}`;
      pairCounts.set(key, (pairCounts.get(key) ?? 0) + sign * count);
      if (sign > 0) {
        let set = pairWords.get(key);
        if (!set) pairWords.set(key, (set = new Set()));
        set.add(index);
      }
    }
  };
  words.forEach((_, i) => countPairs(i, 1));

  const vocab = new Set(known);
  const merges: Merge[] = [];
  let created = 0;
  while (created < newTokens) {
    let bestKey = '';
    let bestCount = 0;
    for (const [key, count] of pairCounts) {
      if (count > bestCount || (count === bestCount && count > 0 && key < bestKey)) {
        bestKey = key;
        bestCount = count;
      }
    }
    if (bestCount <= 0) break; // nothing left to merge
    const [left, right] = bestKey.split(' ') as [string, string];
    const merged = left + right;
    merges.push([left, right]);
    if (!vocab.has(merged)) {
      vocab.add(merged);
      created++;
    }
    for (const index of [...(pairWords.get(bestKey) ?? [])].sort((a, b) => a - b)) {
      countPairs(index, -1);
      const symbols = words[index].symbols;
      const out: string[] = [];
      for (let i = 0; i < symbols.length; i++) {
        if (i + 1 < symbols.length && symbols[i] === left && symbols[i + 1] === right) {
          out.push(merged);
          i++;
        } else {
          out.push(symbols[i]);
        }
      }
      words[index].symbols = out;
      countPairs(index, 1);
    }
    pairCounts.delete(bestKey);
    pairWords.delete(bestKey);
  }
  return merges;
}
