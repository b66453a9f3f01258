/**
 * SentencePiece unigram tokenizer: picks the segmentation of a sentence into vocabulary pieces
 * whose summed log-probability (piece score) is highest (Viterbi over all segmentations).
 */

/**
 * One vocabulary entry as stored in vocab.json: the piece and its log-probability. The bundled
 * USE vocabulary has null scores for a few pieces containing ":" (a defect of that file).
 */
export type VocabEntry = readonly [piece: string, score: number | null];

interface SentencePieceOptions {
  /** Id emitted for characters no piece covers. */
  unkId?: number;
  /** Ids below this are control symbols (<s>, </s>, …) that text never produces. */
  reservedIds?: number;
}

/** Word-boundary marker SentencePiece puts in place of spaces (U+2581). */
const WORD_BOUNDARY = '\u2581';

/** SentencePiece scores unknown characters this far below the least likely piece. */
const UNK_PENALTY = 10;

/**
 * Normalises text the way SentencePiece's nmt_nfkc rule does before segmentation:
 * NFKC, control characters dropped, whitespace runs collapsed to one space and trimmed,
 * then every word prefixed with "▁". Returns "" for text with no visible characters.
 */
export function normalizeForSentencePiece(text: string): string {
  const cleaned = text
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u200B\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned ? WORD_BOUNDARY + cleaned.replaceAll(' ', WORD_BOUNDARY) : '';
}

/** A trie over UTF-16 code units; node 0 is the root. */
class PieceTrie {
  private readonly children: Array<Map<number, number>> = [new Map()];
  /** Vocabulary id ending at each node, or -1. */
  private ids: number[] = [-1];

  insert(piece: string, id: number): void {
    let node = 0;
    for (let i = 0; i < piece.length; i++) {
      const code = piece.charCodeAt(i);
      let next = this.children[node].get(code);
      if (next === undefined) {
        next = this.children.length;
        this.children.push(new Map());
        this.ids.push(-1);
        this.children[node].set(code, next);
      }
      node = next;
    }
    this.ids[node] = id;
  }

  child(node: number, code: number): number | undefined {
    return this.children[node].get(code);
  }

  idAt(node: number): number {
    return this.ids[node];
  }
}

export class SentencePieceTokenizer {
  readonly unkId: number;
  private readonly trie = new PieceTrie();
  private readonly scores: Float64Array;
  private readonly unkScore: number;

  constructor(vocab: ReadonlyArray<VocabEntry>, options: SentencePieceOptions = {}) {
    this.unkId = options.unkId ?? 0;
    const reserved = options.reservedIds ?? 0;
    this.scores = fillMissingScores(vocab);
    let minScore = 0;
    for (let id = 0; id < vocab.length; id++) {
      const piece = vocab[id][0];
      if (id < reserved || id === this.unkId || piece.length === 0) continue;
      this.trie.insert(piece, id);
      if (this.scores[id] < minScore) minScore = this.scores[id];
    }
    this.unkScore = minScore - UNK_PENALTY;
  }

  /** Token ids for `text` (normalised first). Runs of unknown characters become one unk id. */
  encode(text: string): number[] {
    return this.encodeNormalized(normalizeForSentencePiece(text));
  }

  /** Token ids for text already passed through `normalizeForSentencePiece`. */
  encodeNormalized(s: string): number[] {
    const n = s.length;
    if (n === 0) return [];
    // best[j]: highest score of a segmentation of s[0, j); from[j], piece[j]: its last step.
    const best = new Float64Array(n + 1).fill(-Infinity);
    const from = new Int32Array(n + 1);
    const piece = new Int32Array(n + 1);
    best[0] = 0;
    for (let i = 0; i < n; i++) {
      const base = best[i];
      if (base === -Infinity) continue; // inside a surrogate pair
      const charLen = isHighSurrogate(s.charCodeAt(i)) && i + 1 < n ? 2 : 1;
      let coveredOneChar = false;
      let node: number | undefined = 0;
      for (let j = i; j < n; j++) {
        node = this.trie.child(node, s.charCodeAt(j));
        if (node === undefined) break;
        const id = this.trie.idAt(node);
        if (id < 0) continue;
        if (j + 1 - i === charLen) coveredOneChar = true;
        const score = base + this.scores[id];
        if (score > best[j + 1]) {
          best[j + 1] = score;
          from[j + 1] = i;
          piece[j + 1] = id;
        }
      }
      if (!coveredOneChar) {
        const score = base + this.unkScore;
        if (score > best[i + charLen]) {
          best[i + charLen] = score;
          from[i + charLen] = i;
          piece[i + charLen] = this.unkId;
        }
      }
    }
    const reversed: number[] = [];
    for (let end = n; end > 0; end = from[end]) {
      const id = piece[end];
      if (id === this.unkId && reversed[reversed.length - 1] === this.unkId) continue;
      reversed.push(id);
    }
    return reversed.reverse();
  }
}

/**
 * Scores with missing ones estimated as the mean of the nearest known scores before and after
 * (SentencePiece vocabularies are sorted by score, so that is where the piece ranks).
 */
function fillMissingScores(vocab: ReadonlyArray<VocabEntry>): Float64Array {
  const scores = new Float64Array(vocab.length).fill(NaN);
  vocab.forEach(([, score], id) => {
    if (typeof score === 'number' && Number.isFinite(score)) scores[id] = score;
  });
  for (let id = 0; id < scores.length; id++) {
    if (!Number.isNaN(scores[id])) continue;
    let before = id - 1;
    while (before >= 0 && Number.isNaN(scores[before])) before--;
    let after = id + 1;
    while (after < scores.length && Number.isNaN(scores[after])) after++;
    const known = [before >= 0 ? scores[before] : NaN, after < scores.length ? scores[after] : NaN].filter((x) => !Number.isNaN(x));
    scores[id] = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  }
  return scores;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
