/**
 * The generator's output (files, config, graph interface, committed bytes) and the committed
 * model running through loadCrossEncoder (transformers.js + onnxruntime-node).
 * Random weights: these tests check plumbing (shapes, order, batching, truncation, abort),
 * never ranking quality.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline, type Tensor, type TextClassificationPipeline } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../src/core/embed/embedder';
import { loadCrossEncoder, type CrossEncoder, type CrossEncoderOptions } from '../../src/adapters/transformers/cross-encoder';
import { TINY_CROSS_ENCODER_ID, TINY_CROSS_ENCODER_MAX_TOKENS, tinyCrossEncoderFiles } from './make-tiny-cross-encoder';
import { randomClassifierHeadWeights, tinyBertClassifierGraph } from './tiny-bert-classifier';
import { randomTinyBertWeights, type TinyBertShape } from './tiny-bert-weights';
import { expectCommittedBytes, parseJsonFile, totalBytes } from './generated-files';

const MODELS_DIR = fileURLToPath(new URL('../../test/models/', import.meta.url));
const COMMITTED = join(MODELS_DIR, TINY_CROSS_ENCODER_ID);

const files = tinyCrossEncoderFiles();
const jsonFile = (path: string) => parseJsonFile(files, path);

describe('make-tiny-cross-encoder: files', () => {
  it('produces the files transformers.js needs for fp32 and q8', () => {
    expect([...files.keys()].sort()).toEqual(['README.md', 'config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json'].sort());
    expect(new TextDecoder().decode(files.get('README.md'))).toMatch(/random weights[\s\S]*make-tiny-cross-encoder\.ts/i);
  });

  it('stays commit-sized', () => {
    expect(totalBytes(files)).toBeLessThan(2 * 1024 * 1024);
  });

  it('has a one-label BertForSequenceClassification config matching the tokenizer', () => {
    const config = jsonFile('config.json');
    expect(config).toMatchObject({
      architectures: ['BertForSequenceClassification'],
      model_type: 'bert',
      id2label: { 0: 'LABEL_0' },
      label2id: { LABEL_0: 0 },
      type_vocab_size: 2,
      max_position_embeddings: TINY_CROSS_ENCODER_MAX_TOKENS,
    });
    expect(Object.keys(config.id2label)).toHaveLength(1);
    const vocab: Record<string, number> = jsonFile('tokenizer.json').model.vocab;
    expect(Object.keys(vocab)).toHaveLength(config.vocab_size);
    expect(jsonFile('tokenizer_config.json').model_max_length).toBe(TINY_CROSS_ENCODER_MAX_TOKENS);
  });

  it('declares the inputs and output of a text-classification export', () => {
    const shape: TinyBertShape = { vocabSize: 10, hidden: 8, layers: 1, heads: 2, intermediate: 16, maxPositions: 16, typeVocabSize: 2 };
    const graph = tinyBertClassifierGraph(shape, randomTinyBertWeights(shape, 1), randomClassifierHeadWeights(8, 1, 2), 1, 'fp32');
    expect(graph.inputs.map((i) => i.name)).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
    expect(graph.inputs.every((i) => i.dims.join() === 'batch_size,sequence_length')).toBe(true);
    expect(graph.outputs).toEqual([expect.objectContaining({ name: 'logits', dims: ['batch_size', 1] })]);
  });

  // The script is the source of truth: if this fails, rerun it (see its header) and commit the result.
  it('matches the committed model files byte for byte', () => {
    expectCommittedBytes(files, COMMITTED);
  });

  it('regenerates the same bytes', () => {
    const again = tinyCrossEncoderFiles();
    for (const [path, bytes] of files) expect(Buffer.compare(Buffer.from(again.get(path)!), Buffer.from(bytes)), path).toBe(0);
  });
});

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

describe('make-tiny-cross-encoder: scoring through loadCrossEncoder (onnxruntime-node)', () => {
  let reranker: CrossEncoder;
  const progress: LoadProgress[] = [];

  beforeAll(async () => {
    reranker = await loadCrossEncoder(local({ onProgress: (p) => progress.push(p) }));
  });
  afterAll(() => reranker?.dispose());

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

  describe('against transformers.js called directly', () => {
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
});
