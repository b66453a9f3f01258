/**
 * The committed tiny cross-encoder (written by make-tiny-cross-encoder.ts) running through
 * loadCrossEncoder (transformers.js + onnxruntime-node).
 * Random weights: these tests check plumbing (shapes, order, batching, truncation, abort),
 * never ranking quality.
 */
import { fileURLToPath } from 'node:url';
import { pipeline, type Tensor, type TextClassificationPipeline } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../src/core/embed';
import { loadCrossEncoder, type CrossEncoder, type CrossEncoderOptions } from '../../src/adapters/transformers/cross-encoder';
import { TINY_CROSS_ENCODER_ID, TINY_CROSS_ENCODER_MAX_TOKENS } from './make-tiny-cross-encoder';

const MODELS_DIR = fileURLToPath(new URL('../../test/models/', import.meta.url));

const local = (overrides: Partial<CrossEncoderOptions> = {}): CrossEncoderOptions => ({
  modelId: TINY_CROSS_ENCODER_ID,
  source: { kind: 'local', baseUrl: MODELS_DIR },
  device: 'cpu',
  wasmPaths: '/vendor/ort/',
  ...overrides,
});

const QUERY = 'How much did revenue grow?';
const PASSAGES = [
  'Revenue grew by twelve percent in the third quarter.',
  'The board approved a new share buyback program.',
  'Cash and cash equivalents at the end of the year.',
  'hello',
  '',
];

let reranker: CrossEncoder;
const progress: LoadProgress[] = [];

beforeAll(async () => {
  reranker = await loadCrossEncoder(local({ onProgress: (p) => progress.push(p) }));
});
afterAll(() => reranker?.dispose());

describe('make-tiny-cross-encoder: scoring through loadCrossEncoder (onnxruntime-node)', () => {
  it('has an id naming the model and dtype', () => {
    expect(reranker.id).toBe(`transformers:${TINY_CROSS_ENCODER_ID}:fp32`);
  });

  it('returns one finite score per passage, not all equal', async () => {
    const scores = await reranker.score(QUERY, PASSAGES);
    expect(scores).toHaveLength(PASSAGES.length);
    for (const s of scores) expect(Number.isFinite(s)).toBe(true);
    expect(new Set(scores).size).toBeGreaterThan(1);
  });

  it('gives the same passage the same score, wherever it is and whatever it is batched with', async () => {
    const scores = await reranker.score(QUERY, [PASSAGES[0], PASSAGES[1], PASSAGES[0]]);
    expect(scores[2]).toBe(scores[0]);
    const [alone] = await reranker.score(QUERY, [PASSAGES[0]]);
    expect(alone).toBeCloseTo(scores[0], 5);
    expect(await reranker.score(QUERY, PASSAGES)).toEqual(await reranker.score(QUERY, PASSAGES));
  });

  it('depends on the query', async () => {
    const [a] = await reranker.score(QUERY, [PASSAGES[0]]);
    const [b] = await reranker.score('Who sits on the board?', [PASSAGES[0]]);
    expect(a).not.toBe(b);
  });

  it('scores 40 passages in batches, each as if scored alone', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `${PASSAGES[i % 4]} Item ${i}${' more'.repeat(i % 7)}.`);
    const scores = await reranker.score(QUERY, many);
    expect(scores).toHaveLength(40);
    for (const i of [0, 15, 16, 31, 32, 39]) {
      const [alone] = await reranker.score(QUERY, [many[i]]);
      expect(scores[i], `passage ${i}`).toBeCloseTo(alone, 5);
    }
  });

  it('returns nothing for no passages', async () => {
    expect(await reranker.score(QUERY, [])).toEqual([]);
  });
});

describe('make-tiny-cross-encoder: aborting, truncating and loading through loadCrossEncoder', () => {
  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(reranker.score(QUERY, PASSAGES, controller.signal)).rejects.toThrow(/abort/i);
  });

  it('stops between batches when aborted while scoring', async () => {
    const controller = new AbortController();
    const scoring = reranker.score(QUERY, new Array<string>(40).fill(PASSAGES[0]), controller.signal);
    controller.abort();
    await expect(scoring).rejects.toThrow(/abort/i);
  });

  it('truncates long pairs to the model length, dropping the end of the passage', async () => {
    const long = 'revenue '.repeat(TINY_CROSS_ENCODER_MAX_TOKENS);
    const [a, b] = await reranker.score(QUERY, [`${long} first ending`, `${long} another ending`]);
    expect(Number.isFinite(a)).toBe(true);
    expect(a).toBe(b);
  });

  it('reported load progress per file, ending with everything loaded', () => {
    const names = new Set(progress.map((p) => p.file));
    expect(names).toContain('tokenizer.json');
    expect(names).toContain('onnx/model.onnx');
    const last = progress[progress.length - 1];
    expect(last.total).toBeGreaterThan(0);
    expect(last.loaded).toBe(last.total);
  });

  it('loads the q8 file under its own id: same weights, close but different scores', async () => {
    const q8 = await loadCrossEncoder(local({ dtype: 'q8' }));
    try {
      expect(q8.id).toBe(`transformers:${TINY_CROSS_ENCODER_ID}:q8`);
      const a = await q8.score(QUERY, PASSAGES);
      const b = await reranker.score(QUERY, PASSAGES);
      expect(a).not.toEqual(b);
      a.forEach((s, i) => expect(Math.abs(s - b[i])).toBeLessThan(0.25));
    } finally {
      await q8.dispose();
    }
  });
});

describe('make-tiny-cross-encoder: loadCrossEncoder against transformers.js called directly', () => {
  let reference: TextClassificationPipeline;
  // loadCrossEncoder has pointed transformers.js's env at MODELS_DIR.
  beforeAll(async () => {
    reference = await pipeline('text-classification', TINY_CROSS_ENCODER_ID, { device: 'cpu', dtype: 'fp32' });
  });
  afterAll(() => reference?.dispose());

  it('feeds input_ids, attention_mask and token_type_ids to the graph, which outputs logits', () => {
    const session = (reference.model as unknown as { sessions: Record<string, { inputNames: string[]; outputNames: string[] }> }).sessions.model;
    expect([...session.inputNames].sort()).toEqual(['attention_mask', 'input_ids', 'token_type_ids']);
    expect(session.outputNames).toEqual(['logits']);
  });

  it('matches tokenizer(queries, { text_pair, padding, truncation }) → model → logits [n, 1] for short pairs', async () => {
    const { tokenizer, model } = reference;
    const inputs = tokenizer(new Array<string>(PASSAGES.length).fill(QUERY), { text_pair: PASSAGES, padding: true, truncation: true });
    const { logits } = (await model(inputs)) as { logits: Tensor };
    expect(logits.dims).toEqual([PASSAGES.length, 1]);
    const expected = Array.from(logits.data as Float32Array);
    const got = await reranker.score(QUERY, PASSAGES);
    got.forEach((s, i) => expect(s).toBeCloseTo(expected[i], 5));
  });
});
