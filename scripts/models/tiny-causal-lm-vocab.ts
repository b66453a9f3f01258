import { BYTE_TO_CHAR, GPT2_PRETOKEN_PATTERN, chainMerges, toByteChars, trainMerges, type Merge } from './byte-level-bpe';

/** Added tokens, after the BPE vocabulary. The first three are special (control) tokens. */
export const END_OF_TEXT = '<|endoftext|>';
export const IM_START = '<|im_start|>';
export const IM_END = '<|im_end|>';
export const SPECIAL_TOKENS = [END_OF_TEXT, IM_START, IM_END] as const;

/** Strings that must each encode to exactly one BPE token (learned merges permitting or not). */
export const REQUIRED_SINGLE_TOKENS = ['10', 'yes', 'no', 'Yes', 'No', ' yes', ' no', ' Yes', ' No', '\n\n'] as const;

export interface CausalVocab {
  /** Token strings in id order: 256 bytes, merge results, then the added tokens. */
  tokens: string[];
  merges: Merge[];
  /** Added tokens in id order, with whether they are special (skipped when decoding). */
  added: Array<{ content: string; special: boolean }>;
}

/**
 * Word frequencies for training merges, from SentencePiece pieces and their log-probabilities
 * ('▁' marks a word start, which byte-level BPE writes as a leading space). Only pieces that are
 * printable ASCII and that the GPT-2 regex keeps as one pre-token are used, so no learned merge
 * touches a non-ASCII byte.
 */
export function pieceFrequencies(pieces: ReadonlyArray<readonly [string, number]>): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (text: string, count: number) => {
    if (count < 1 || !/^ ?[\x21-\x7e]+$/.test(text)) return;
    const parts = text.match(GPT2_PRETOKEN_PATTERN);
    if (parts?.length !== 1 || parts[0] !== text) return;
    const word = toByteChars(text);
    counts.set(word, (counts.get(word) ?? 0) + count);
  };
  for (const [piece, logProb] of pieces) {
    const count = Math.round(Math.exp(logProb) * 1e6);
    if (piece.startsWith('▁')) {
      add(` ${piece.slice(1)}`, count);
      add(piece.slice(1), Math.round(count / 10)); // the same word at the start of a line
    } else {
      add(piece, count);
    }
  }
  return counts;
}

/**
 * A byte-level BPE vocabulary of exactly `size` entries: 256 byte tokens, the merges that make
 * each REQUIRED_SINGLE_TOKENS string one token (highest priority), learned merges, then the
 * special tokens and `extraAddedTokens` (non-special, never split: e.g. a marker character).
 */
export function buildCausalVocab(pieces: ReadonlyArray<readonly [string, number]>, size: number, extraAddedTokens: readonly string[]): CausalVocab {
  const bytes = [...BYTE_TO_CHAR];
  const required = chainMerges(REQUIRED_SINGLE_TOKENS.map(toByteChars));
  const addedCount = SPECIAL_TOKENS.length + extraAddedTokens.length;
  const known = new Set([...bytes, ...required.map(([a, b]) => a + b)]);
  const learnedCount = size - known.size - addedCount;
  if (learnedCount < 0) throw new Error(`vocab size ${size} is too small`);
  const learned = trainMerges(pieceFrequencies(pieces), learnedCount, known, required);

  const tokens = [...bytes];
  const seen = new Set(tokens);
  const merges = [...required, ...learned];
  for (const [a, b] of merges) {
    if (!seen.has(a + b)) {
      seen.add(a + b);
      tokens.push(a + b);
    }
  }
  const added = [...SPECIAL_TOKENS.map((content) => ({ content, special: true })), ...extraAddedTokens.map((content) => ({ content, special: false }))];
  for (const { content } of added) {
    if (seen.has(content)) throw new Error(`added token ${content} is already in the vocabulary`);
    tokens.push(content);
  }
  if (tokens.length !== size) throw new Error(`built ${tokens.length} tokens, wanted ${size} (corpus too small?)`);
  return { tokens, merges, added };
}
