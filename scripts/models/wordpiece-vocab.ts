export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

const LETTERS_AND_DIGITS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const PUNCTUATION = [...'.,;:!?\'"()[]{}-_/\\&%$#@*+=<>|~^`£€°'];

export interface VocabLimits {
  words: number;
  suffixes: number;
}

/**
 * A lowercase WordPiece vocabulary: special tokens, single characters (so any ASCII word
 * tokenizes without [UNK]), then the most frequent whole words and word-continuation pieces.
 *
 * `rankedPieces` are SentencePiece pieces in frequency order ('▁' marks a word start), taken
 * from the USE-lite vocabulary the app already ships; only their order of frequency is used.
 */
export function buildWordPieceVocab(rankedPieces: string[], limits: VocabLimits): string[] {
  const words: string[] = [];
  const suffixes: string[] = [];
  const seenWords = new Set<string>();
  const seenSuffixes = new Set<string>();
  for (const piece of rankedPieces) {
    const isWordStart = piece.startsWith('▁');
    const text = (isWordStart ? piece.slice(1) : piece).toLowerCase();
    if (!/^[a-z]{2,}$/.test(text)) continue;
    if (isWordStart && words.length < limits.words && !seenWords.has(text)) {
      seenWords.add(text);
      words.push(text);
    } else if (!isWordStart && suffixes.length < limits.suffixes && !seenSuffixes.has(text)) {
      seenSuffixes.add(text);
      suffixes.push(`##${text}`);
    }
  }
  return [...SPECIAL_TOKENS, ...LETTERS_AND_DIGITS, ...PUNCTUATION, ...LETTERS_AND_DIGITS.map((c) => `##${c}`), ...words, ...suffixes];
}
