import * as tf from '@tensorflow/tfjs-core';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../core/embed';
import { loadUseLiteNode } from './node';
import type { UseLiteEmbedder } from './use-lite-embedder';

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
const norm = (a: Float32Array) => Math.sqrt(cosine(a, a));

describe('USE-lite on TF.js WASM (Node)', () => {
  let embedder: UseLiteEmbedder;
  const progress: LoadProgress[] = [];

  beforeAll(async () => {
    embedder = await loadUseLiteNode({ onProgress: (p) => progress.push(p) });
  }, 20_000);

  afterAll(() => embedder?.dispose());

  it('loads the bundled weights with byte progress', () => {
    expect(embedder.id).toBe('use-lite-512');
    expect(embedder.dim).toBe(512);
    expect(embedder.runtime?.simd).toBe(true);
    const last = progress[progress.length - 1];
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(25_000_000);
    expect(new Set(progress.map((p) => p.file))).toContain('vocab.json');
  });

  it('puts paraphrases close together and unrelated sentences apart', async () => {
    const [a, b, c] = await embedder.embed([
      'The company reported strong revenue growth this year.',
      'Sales increased significantly for the firm in the past twelve months.',
      'My cat likes to sleep on the warm windowsill.',
    ]);
    expect(cosine(a, b)).toBeGreaterThanOrEqual(0.5);
    expect(cosine(a, c)).toBeLessThanOrEqual(0.3);
  });

  it('returns unit-length 512-d vectors, also for blank and very long text', async () => {
    const long = 'Revenue, net income, and cash flow from operations all increased. '.repeat(40);
    const vectors = await embedder.embed(['Short.', '', '   ', long, 'Ünïcödé text — with “quotes” and 😀.']);
    expect(vectors).toHaveLength(5);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(512);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it('keeps input order across length-sorted batches and gives the same vector in or out of a batch', async () => {
    const texts = [
      'Total operating expenses were $27,690 million in 2022.',
      'Cash.',
      'The Board of Directors declared a quarterly dividend of $1.49 per share payable in March.',
      'Goodwill impairment expense.',
      'We expect capital expenditures of approximately $1.5 billion in the coming year, mostly for plants.',
    ];
    const limits = embedder.batchLimits;
    embedder.batchLimits = { maxItems: 2, maxTotal: 1024 }; // three batches, in length order
    const together = await embedder.embed(texts).finally(() => (embedder.batchLimits = limits));
    expect(together.map((v) => v.length)).toEqual([512, 512, 512, 512, 512]);
    for (let i = 0; i < texts.length; i++) {
      const [alone] = await embedder.embed([texts[i]]);
      expect(cosine(alone, together[i])).toBeGreaterThan(0.99999);
    }
    const [again] = await embedder.embed([texts[2]]);
    const [once] = await embedder.embed([texts[2]]);
    expect(Array.from(again)).toEqual(Array.from(once));
  });

  it('releases every tensor it creates', async () => {
    const before = tf.memory().numTensors;
    await embedder.embed(Array.from({ length: 70 }, (_, i) => `Sentence number ${i} about quarterly results.`));
    expect(tf.memory().numTensors).toBe(before);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['x'], controller.signal)).rejects.toThrow();
  });
});

describe('USE-lite load failures', () => {
  it('names the missing file and the HTTP status', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sieve-use-'));
    try {
      await expect(loadUseLiteNode({ modelDir: dir })).rejects.toThrow('Loading the embedding model failed: model.json returned HTTP 404');
      await writeFile(join(dir, 'model.json'), '<!doctype html><title>Not the model</title>');
      await expect(loadUseLiteNode({ modelDir: dir })).rejects.toThrow(/model\.json is not valid JSON \(the server sent a web page/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
