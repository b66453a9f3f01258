/**
 * Loads the tiny random-weight model from test/models (see scripts/models/make-tiny-embedder.ts)
 * through the real transformers.js + onnxruntime-node stack. Random weights: these tests check
 * plumbing (shapes, norms, order, determinism, errors), never embedding quality.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder, LoadProgress } from '../../core/embed';
import { loadTransformersEmbedder } from './embedder';
import { ModelLoadError } from '../../core/models';
import type { TransformersEmbedderOptions } from './options';
import { startHubMirror, type HubMirror } from '../../testing/test-hub-server';
import { TINY_EMBEDDER_DIM, TINY_EMBEDDER_ID } from './tiny-embedder';

const MODELS_DIR = fileURLToPath(new URL('../../../test/models/', import.meta.url));

const local = (overrides: Partial<TransformersEmbedderOptions> = {}): TransformersEmbedderOptions => ({
  modelId: TINY_EMBEDDER_ID,
  source: { kind: 'local', baseUrl: MODELS_DIR },
  device: 'cpu',
  wasmPaths: '/vendor/ort/',
  ...overrides,
});

const TEXTS = [
  'Revenue grew by twelve percent in the third quarter.',
  'The board approved a new share buyback program.',
  'Cash and cash equivalents at the end of the year.',
  'hello',
  '',
];

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

function cosine(a: Float32Array, b: Float32Array): number {
  return a.reduce((s, x, i) => s + x * b[i], 0) / (norm(a) * norm(b));
}

function expectClose(a: Float32Array, b: Float32Array, tolerance = 1e-5): void {
  expect(a.length).toBe(b.length);
  const worst = a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);
  expect(worst).toBeLessThan(tolerance);
}

let embedder: Embedder;
const progress: LoadProgress[] = [];

beforeAll(async () => {
  embedder = await loadTransformersEmbedder(local({ onProgress: (p) => progress.push(p) }));
});
afterAll(() => embedder.dispose?.());

describe('loadTransformersEmbedder with the tiny local model: vectors and progress', () => {
  it('reports the model width and an id naming model, dtype and pooling', () => {
    expect(embedder.dim).toBe(TINY_EMBEDDER_DIM);
    expect(embedder.id).toBe(`transformers:${TINY_EMBEDDER_ID}:fp32:mean`);
  });

  it('returns one unit-length vector of the model width per text', async () => {
    const vectors = await embedder.embed(TEXTS);
    expect(vectors).toHaveLength(TEXTS.length);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(TINY_EMBEDDER_DIM);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it('is deterministic', async () => {
    const first = await embedder.embed(TEXTS);
    const second = await embedder.embed(TEXTS);
    first.forEach((v, i) => expect(Array.from(second[i])).toEqual(Array.from(v)));
  });

  it('keeps batch order: each vector matches the text embedded on its own', async () => {
    const batch = await embedder.embed(TEXTS);
    for (let i = 0; i < TEXTS.length; i++) {
      const [alone] = await embedder.embed([TEXTS[i]]);
      expectClose(batch[i], alone);
    }
  });

  it('gives different texts different vectors', async () => {
    const vectors = await embedder.embed(TEXTS);
    for (let i = 0; i < vectors.length; i++) {
      for (let j = i + 1; j < vectors.length; j++) expect(cosine(vectors[i], vectors[j])).toBeLessThan(0.999);
    }
  });

  it('returns nothing for no texts', async () => {
    expect(await embedder.embed([])).toEqual([]);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(TEXTS, controller.signal)).rejects.toThrow(/abort/i);
  });

  it('reported load progress per file, ending with everything loaded', () => {
    const files = new Set(progress.map((p) => p.file));
    expect(files).toContain('config.json');
    expect(files).toContain('tokenizer.json');
    expect(files).toContain('onnx/model.onnx');
    const last = progress[progress.length - 1];
    expect(last.total).toBeGreaterThan(0);
    expect(last.loaded).toBe(last.total);
    for (let i = 1; i < progress.length; i++) expect(progress[i].loaded).toBeGreaterThanOrEqual(progress[i - 1].loaded);
  });
});

describe('loadTransformersEmbedder with the tiny local model: batch size, pooling and dtype', () => {
  it('splits long inputs into batches without changing results or order', async () => {
    const small = await loadTransformersEmbedder(local({ batchSize: 2 }));
    try {
      const expected = await embedder.embed(TEXTS);
      const got = await small.embed(TEXTS);
      expect(got).toHaveLength(TEXTS.length);
      got.forEach((v, i) => expectClose(v, expected[i]));
    } finally {
      await small.dispose?.();
    }
  });

  it('pools the [CLS] token when asked, under its own id', async () => {
    const cls = await loadTransformersEmbedder(local({ pooling: 'cls' }));
    try {
      expect(cls.id).toBe(`transformers:${TINY_EMBEDDER_ID}:fp32:cls`);
      const [a] = await cls.embed([TEXTS[0]]);
      const [b] = await embedder.embed([TEXTS[0]]);
      expect(norm(a)).toBeCloseTo(1, 5);
      expect(cosine(a, b)).toBeLessThan(0.999);
    } finally {
      await cls.dispose?.();
    }
  });

  it.each(['q8', 'fp16'] as const)('loads the %s file: same weights, different numbers', async (dtype) => {
    const other = await loadTransformersEmbedder(local({ dtype }));
    try {
      expect(other.id).toBe(`transformers:${TINY_EMBEDDER_ID}:${dtype}:mean`);
      const [a] = await other.embed([TEXTS[0]]);
      const [b] = await embedder.embed([TEXTS[0]]);
      expect(Array.from(a)).not.toEqual(Array.from(b));
      // Reduced-precision copies of the same random weights, not another model.
      expect(cosine(a, b)).toBeGreaterThan(0.9);
    } finally {
      await other.dispose?.();
    }
  });
});

describe('load failures', () => {
  it('names the model id, the folder tried and the cause when a local model is missing', async () => {
    const error = await loadTransformersEmbedder(local({ modelId: 'sieve/no-such-model' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    const message = (error as Error).message;
    expect(message).toContain('"sieve/no-such-model"');
    expect(message).toContain(`${MODELS_DIR}sieve/no-such-model/`);
    expect(message).toMatch(/not found/i);
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});

describe('hub source, against a local mirror with the hub URL layout', () => {
  let mirror: HubMirror;
  let cacheDir: string;
  let savedCacheDir: string | null;
  beforeAll(async () => {
    mirror = await startHubMirror(MODELS_DIR);
    // Node keeps hub downloads in env.cacheDir (default: inside node_modules); use a fresh one.
    cacheDir = mkdtempSync(join(tmpdir(), 'sieve-hf-cache-'));
    savedCacheDir = env.cacheDir;
    env.cacheDir = cacheDir;
  });
  afterAll(async () => {
    env.cacheDir = savedCacheDir;
    rmSync(cacheDir, { recursive: true, force: true });
    await mirror.close();
  });

  it('downloads from remoteHost/{model}/resolve/main/ and embeds like the local copy', async () => {
    const hub = await loadTransformersEmbedder(local({ source: { kind: 'hub', remoteHost: mirror.url } }));
    const fromDisk = await loadTransformersEmbedder(local());
    try {
      expect(mirror.requests).toContain(`/${TINY_EMBEDDER_ID}/resolve/main/config.json`);
      expect(mirror.requests).toContain(`/${TINY_EMBEDDER_ID}/resolve/main/onnx/model.onnx`);
      expect(hub.id).toBe(fromDisk.id);
      const [a] = await hub.embed([TEXTS[0]]);
      const [b] = await fromDisk.embed([TEXTS[0]]);
      expect(Array.from(a)).toEqual(Array.from(b));
    } finally {
      await hub.dispose?.();
      await fromDisk.dispose?.();
    }
  });

  it('names the remote URL when the hub has no such model', async () => {
    const error = await loadTransformersEmbedder(local({ modelId: 'sieve/no-such-model', source: { kind: 'hub', remoteHost: mirror.url } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelLoadError);
    const message = (error as Error).message;
    expect(message).toContain('"sieve/no-such-model"');
    expect(message).toContain(`${mirror.url}sieve/no-such-model/resolve/main/`);
  });
});
