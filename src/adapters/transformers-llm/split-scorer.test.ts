/**
 * LlamaChunk's model side: window token ranges (pure) and TransformersLlm.scoreSplits with the
 * tiny random-weight model through transformers.js + onnxruntime-node. Random weights: only
 * the plumbing is asserted (ranges, one finite log-prob per token, limits, abort).
 */
import { fileURLToPath } from 'node:url';
import type { TextGenerationPipeline } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmEngine, SplitToken } from '../../core/llm';
import { engineSplitScorer, llmBoundaryChunks, SPLIT_CHAR, windowCharsFor } from '../../core/llamachunk';
import { TINY_CAUSAL_LM_CONTEXT, TINY_CAUSAL_LM_ID } from '../transformers/tiny-causal-lm';
import { loadTransformersLlm } from './load';
import { commonPrefix, splitLogProbs, SplitWindowTooLongError, windowTokenRanges } from './split-scorer';

const MODELS_DIR = fileURLToPath(new URL('../../../test/models/', import.meta.url));
const local = { kind: 'local', baseUrl: MODELS_DIR } as const;

/** The ranges are in order and tile [0, length) without gaps or overlaps. */
function expectTiling(ranges: Array<{ start: number; end: number }>, length: number) {
  let at = 0;
  for (const r of ranges) {
    expect(r.start).toBe(at);
    expect(r.end).toBeGreaterThanOrEqual(r.start);
    at = r.end;
  }
  expect(at).toBe(length);
}

describe('windowTokenRanges', () => {
  it('maps concatenative tokens, with a token merged across the junction starting at 0', () => {
    const pieces = ['Text', ':', '\nHel', 'lo', ' world'];
    const decode = (ids: number[]) => ids.map((i) => pieces[i]).join('');
    const full = 'Text:\nHello world';
    const ranges = windowTokenRanges([0, 1, 2, 3, 4], 2, full, 'Text:\n'.length, decode);
    expect(ranges).toEqual([
      { index: 2, start: 0, end: 3 },
      { index: 3, start: 3, end: 5 },
      { index: 4, start: 5, end: 11 },
    ]);
  });

  it('gives a token holding part of a character an empty range', () => {
    // "é" as two byte tokens: the first alone decodes to U+FFFD.
    const decode = (ids: number[]) => {
      const s = ids.map((i) => ['>', 'caf', '\u0000', '\u0001', '!'][i]).join('');
      // eslint-disable-next-line no-control-regex -- the test's stand-in bytes are control characters
      return s.replace('\u0000\u0001', 'é').replace(/[\u0000\u0001]/g, '\uFFFD');
    };
    const ranges = windowTokenRanges([0, 1, 2, 3, 4], 1, '>café!', 1, decode);
    expect(ranges.map((r) => [r.start, r.end])).toEqual([
      [0, 3],
      [3, 3],
      [3, 4],
      [4, 5],
    ]);
  });

  it('copes with a decoder that drops the leading space of a sequence (SentencePiece)', () => {
    const pieces = ['Q:', '▁one', '▁two', '▁three'];
    const decode = (ids: number[]) =>
      ids
        .map((i) => pieces[i])
        .join('')
        .replace(/▁/g, ' ')
        .replace(/^ /, '');
    const full = 'Q: one two three';
    const ranges = windowTokenRanges([0, 1, 2, 3], 1, full, 2, decode);
    expectTiling(ranges, full.length - 2);
    expect(ranges.map((r) => full.slice(2 + r.start, 2 + r.end))).toEqual([' one', ' two', ' three']);
  });

  it('helpers: common prefix and log-softmax at one id', () => {
    expect(commonPrefix([1, 2, 3], [1, 2, 4, 5])).toBe(2);
    const lp = splitLogProbs(new Float32Array([0, 0, 0, 0, 5, 1]), 2, 3, 2);
    expect(lp[0]).toBeCloseTo(-Math.log(3), 6);
    expect(lp[1]).toBeCloseTo(1 - Math.log(1 + Math.exp(5) + Math.exp(1)), 5);
  });
});

describe('TransformersLlm.scoreSplits with the tiny local model', () => {
  let engine: LlmEngine;
  const tokenCount = (text: string) => (engine as unknown as { generator: TextGenerationPipeline }).generator.tokenizer.encode(text, { add_special_tokens: false }).length;

  beforeAll(async () => {
    engine = await loadTransformersLlm({ modelId: TINY_CAUSAL_LM_ID, source: local, device: 'cpu', dtype: 'fp32', wasmPaths: '/vendor/ort/' });
  });
  afterAll(() => engine?.dispose());

  it('is offered, and scores every window token with a finite log-prob ≤ 0 over ranges that tile the text', async () => {
    expect(engine.info.splitScores).toBe(true);
    const windowText = 'Revenue grew 12% this year. The café reopened — naïve plans, 段落 two.\n\nNew section: costs fell.';
    const tokens: SplitToken[] = await engine.scoreSplits!(windowText, { splitChar: SPLIT_CHAR });
    expect(tokens.length).toBe(tokenCount(windowText));
    expectTiling(tokens, windowText.length);
    for (const t of tokens) {
      expect(Number.isFinite(t.logProb)).toBe(true);
      expect(t.logProb).toBeLessThanOrEqual(0);
    }
    expect(tokens.map((t) => windowText.slice(t.start, t.end)).join('')).toBe(windowText);
    // One forward pass, deterministic.
    expect(await engine.scoreSplits!(windowText, { splitChar: SPLIT_CHAR })).toEqual(tokens);
    expect(await engine.scoreSplits!('', { splitChar: SPLIT_CHAR })).toEqual([]);
  });

  it('throws clearly when the split character is not one token', async () => {
    await expect(engine.scoreSplits!('Some text.', { splitChar: 'ü' })).rejects.toThrow(/split character "ü" is 2 tokens .* not one/);
  });

  it('throws clearly, naming the limit, when prompt + window exceed the context window', async () => {
    const long = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    const p = engine.scoreSplits!(long, { splitChar: SPLIT_CHAR });
    await expect(p).rejects.toBeInstanceOf(SplitWindowTooLongError);
    await expect(p).rejects.toThrow(new RegExp(`context window of ${TINY_CAUSAL_LM_CONTEXT} tokens`));
  });

  it('aborts: an aborted signal rejects, also when it fires while the call waits its turn', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(engine.scoreSplits!('Some text.', { splitChar: SPLIT_CHAR, signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const later = new AbortController();
    const first = engine.scoreSplits!('First window.', { splitChar: SPLIT_CHAR });
    const second = engine.scoreSplits!('Second window.', { splitChar: SPLIT_CHAR, signal: later.signal });
    later.abort();
    await expect(first).resolves.toHaveLength(tokenCount('First window.'));
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('drives llmBoundaryChunks end to end: chunks tile a ~3k-character text', async () => {
    const paragraphs = Array.from({ length: 12 }, (_, p) =>
      Array.from({ length: 6 }, (_, s) => `Paragraph ${p} sentence ${s} talks about topic ${p % 4} and its numbers.`).join(' '),
    );
    const text = paragraphs.join('\n\n').slice(0, 3200);
    expect(text.length).toBeGreaterThan(2900);
    const scorer = engineSplitScorer(engine)!;
    const windowChars = windowCharsFor(engine.info.contextWindow, 1200);
    const r = await llmBoundaryChunks({ docId: 'doc', text, pages: [], sections: [], scorer, settings: { windowChars, overlapChars: 200, minChars: 100, maxChars: 800 } });
    expect(r.trace.detail?.windows).toBeGreaterThan(1);
    expect(r.chunks.length).toBeGreaterThan(1);
    let at = 0;
    for (const c of r.chunks) {
      expect(text.slice(at, c.start).trim()).toBe('');
      expect(c.text).toBe(text.slice(c.start, c.end));
      expect(c.end - c.start).toBeLessThanOrEqual(800);
      at = c.end;
    }
    expect(text.slice(at).trim()).toBe('');
  });
});
