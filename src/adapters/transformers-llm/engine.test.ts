/**
 * The tiny random-weight causal LM (test/models/sieve/tiny-causal-lm) through the real
 * transformers.js + onnxruntime-node stack: plumbing only (streaming, budgets, abort,
 * next-token scores, prompt fitting), never answer quality.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, LlmEngine } from '../../core/llm';
import { TINY_CAUSAL_LM_CONTEXT, TINY_CAUSAL_LM_ID, TINY_CAUSAL_LM_VOCAB_SIZE } from '../transformers/tiny-causal-lm';
import { loadTransformersLlm } from './load';
import { ModelLoadError } from '../../core/models';

const MODELS_DIR = fileURLToPath(new URL('../../../test/models/', import.meta.url));
const local = { kind: 'local', baseUrl: MODELS_DIR } as const;

const QUESTION: ChatMessage[] = [
  { role: 'system', content: 'Answer from the sources.' },
  { role: 'user', content: 'Is the sky blue? Answer yes or no.' },
];

let engine: LlmEngine;
const progress: unknown[] = [];

beforeAll(async () => {
  engine = await loadTransformersLlm({ modelId: TINY_CAUSAL_LM_ID, source: local, device: 'cpu', dtype: 'fp32', wasmPaths: '/vendor/ort/', onProgress: (p) => progress.push(p) });
});
afterAll(() => engine?.dispose());

describe('loadTransformersLlm with the tiny local model: info and generation', () => {
  it('reports the model and its context window', () => {
    expect(engine.info).toEqual({
      engine: 'transformers',
      model: TINY_CAUSAL_LM_ID,
      contextWindow: TINY_CAUSAL_LM_CONTEXT,
      splitScores: true,
      vocabSize: TINY_CAUSAL_LM_VOCAB_SIZE,
    });
    expect(progress.length).toBeGreaterThan(0);
  });

  it('streams pieces that add up to the text and stops at maxTokens', async () => {
    const pieces: string[] = [];
    const out = await engine.generate(QUESTION, { maxTokens: 12, onToken: (p) => pieces.push(p) });
    expect(out.completionTokens).toBe(12);
    expect(out.finishReason).toBe('length');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(out.text);
    expect(out.text.length).toBeGreaterThan(0);
    expect(out.promptTokens).toBeGreaterThan(10);
    // Greedy by default: the same prompt gives the same text.
    expect((await engine.generate(QUESTION, { maxTokens: 12 })).text).toBe(out.text);
  });

  it('stops when the signal aborts, with finishReason "abort"', async () => {
    const ac = new AbortController();
    let pieces = 0;
    const out = await engine.generate(QUESTION, {
      maxTokens: 200,
      signal: ac.signal,
      onToken: () => {
        if (++pieces === 3) ac.abort();
      },
    });
    expect(out.finishReason).toBe('abort');
    expect(out.completionTokens).toBeLessThan(200);
    await expect(engine.generate(QUESTION, { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('loadTransformersLlm with the tiny local model: scoring, prompt fitting and order', () => {
  it('scores next-token candidates: probabilities over the candidates sum to 1, coverage in (0, 1]', async () => {
    const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    const s = await engine.scoreNext(QUESTION, digits);
    const sum = Object.values(s.probs).reduce((a, b) => a + b, 0);
    expect(Object.keys(s.probs)).toEqual(digits);
    expect(sum).toBeCloseTo(1, 6);
    expect(s.coverage).toBeGreaterThan(0);
    expect(s.coverage).toBeLessThanOrEqual(1);
    expect(s.promptTokens).toBeGreaterThan(10);
    // A multi-token candidate is scored by its first token; a repeated token is counted once in coverage.
    const again = await engine.scoreNext(QUESTION, ['yes', 'no', 'yes']);
    expect(again.probs.yes).toBeGreaterThan(0);
    const one = await engine.scoreNext(QUESTION, ['yes', 'no']);
    expect(again.coverage).toBeCloseTo(one.coverage, 6);
  });

  it('cuts an overlong user message in the middle, keeping its end, to fit the context window', async () => {
    const filler = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    const long: ChatMessage[] = [
      { role: 'system', content: 'Answer from the sources.' },
      { role: 'user', content: `START ${filler} QUESTION: is revenue up?` },
    ];
    const out = await engine.generate(long, { maxTokens: 4 });
    expect(out.promptTokens + 4).toBeLessThanOrEqual(TINY_CAUSAL_LM_CONTEXT);
    expect(out.promptTokens).toBeGreaterThan(TINY_CAUSAL_LM_CONTEXT / 2 - 100);
    const scored = await engine.scoreNext(long, ['yes', 'no']);
    expect(scored.promptTokens).toBeLessThanOrEqual(TINY_CAUSAL_LM_CONTEXT - 1);
  });

  it('runs calls one at a time, in order', async () => {
    const order: string[] = [];
    await Promise.all([
      engine.generate(QUESTION, { maxTokens: 3 }).then(() => order.push('a')),
      engine.scoreNext(QUESTION, ['yes', 'no']).then(() => order.push('b')),
      engine.generate(QUESTION, { maxTokens: 2 }).then(() => order.push('c')),
    ]);
    expect(order).toEqual(['a', 'b', 'c']);
  });
});

describe('loadTransformersLlm errors', () => {
  it('names the model and the folder when the files are missing', async () => {
    const p = loadTransformersLlm({ modelId: 'sieve/no-such-model', source: local, device: 'cpu', wasmPaths: '/vendor/ort/' });
    await expect(p).rejects.toBeInstanceOf(ModelLoadError);
    await expect(p).rejects.toThrow(/sieve\/no-such-model/);
  });
});
