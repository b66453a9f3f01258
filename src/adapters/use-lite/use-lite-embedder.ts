/**
 * Universal Sentence Encoder lite as an Embedder. The graph takes a sparse batch: `indices`
 * (int32 [n, 2] = (sentence in batch, token position)) and `values` (int32 token ids), pads it
 * densely to the longest sentence internally, keeps the first 128 tokens, and returns one
 * L2-normalised 512-d row per sentence.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { URGENT_TEXTS, mapInBatches, type BatchLimits, type Embedder } from '../../core/embed';
import { UrgentFirst } from '../../core/serial';
import type { SentencePieceTokenizer } from './sentencepiece';
import type { WasmRuntime } from './wasm-backend';

const USE_LITE_ID = 'use-lite-512';
const USE_LITE_DIM = 512;
/** The graph drops tokens past this position, so they are not sent. */
export const USE_LITE_MAX_TOKENS = 128;

/**
 * Batch limits in tokens (padded size: items × longest). Measured in Node 20 WASM SIMD
 * (one thread) on 10-K sentences with scripts/bench-embed-node.ts: batches of about 256–1024
 * padded tokens are fastest (≈2× single-sentence calls on short units, ≈1.5× on prose);
 * larger batches get slower again, and length sorting alone is worth ≈2× over document order.
 */
export const DEFAULT_USE_LITE_BATCH: BatchLimits = { maxItems: 128, maxTotal: 1024 };

export class UseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_ID;
  readonly dim = USE_LITE_DIM;
  readonly readsCjk = false;
  /** One batch at a time through the model, even when several embed() calls overlap; a query's first. */
  private readonly queue = new UrgentFirst();
  private disposed = false;

  constructor(
    private readonly model: GraphModel,
    private readonly tokenizer: SentencePieceTokenizer,
    /** Token-based limits for each model call; may be changed between calls. */
    public batchLimits: BatchLimits = DEFAULT_USE_LITE_BATCH,
    /** Which WASM build runs the model (for diagnostics). */
    readonly runtime?: WasmRuntime,
  ) {}

  /** Token ids the model sees for `text`: at most 128, and never none (blank text → unk). */
  tokenize(text: string): number[] {
    const ids = this.tokenizer.encode(text);
    if (ids.length === 0) return [this.tokenizer.unkId];
    return ids.length > USE_LITE_MAX_TOKENS ? ids.slice(0, USE_LITE_MAX_TOKENS) : ids;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.disposed) throw new Error('The embedding model was disposed');
    signal?.throwIfAborted();
    const tokens = texts.map((t) => this.tokenize(t));
    const urgent = texts.length <= URGENT_TEXTS;
    return mapInBatches(
      tokens,
      (ids) => ids.length,
      this.batchLimits,
      (batch) => this.queue.run(() => this.run(batch), urgent),
      signal,
    );
  }

  /** Embeds `texts` in one model call, as given: no sorting or splitting (for measurements). */
  async embedBatch(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const tokens = texts.map((t) => this.tokenize(t));
    return this.queue.run(() => this.run(tokens));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.model.dispose();
  }

  private async run(batch: number[][]): Promise<Float32Array[]> {
    if (this.disposed) throw new Error('The embedding model was disposed');
    const count = batch.reduce((n, ids) => n + ids.length, 0);
    const positions = new Int32Array(count * 2);
    const values = new Int32Array(count);
    let k = 0;
    batch.forEach((ids, sentence) => {
      for (let p = 0; p < ids.length; p++, k++) {
        positions[2 * k] = sentence;
        positions[2 * k + 1] = p;
        values[k] = ids[p];
      }
    });
    const inputs = {
      indices: tf.tensor2d(positions, [count, 2], 'int32'),
      values: tf.tensor1d(values, 'int32'),
    };
    let output: tf.Tensor | undefined;
    try {
      output = (await this.model.executeAsync(inputs)) as tf.Tensor;
      const [rows, dim] = output.shape;
      if (rows !== batch.length || dim !== this.dim) {
        throw new Error(`The embedding model returned shape [${output.shape}] for ${batch.length} sentences`);
      }
      const flat = (await output.data()) as Float32Array;
      return batch.map((_, i) => normalize(flat.slice(i * dim, (i + 1) * dim)));
    } finally {
      inputs.indices.dispose();
      inputs.values.dispose();
      output?.dispose();
    }
  }
}

/** The graph already normalises; this makes unit length exact in float32 regardless. */
function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let i = 0; i < v.length; i++) v[i] *= scale;
  return v;
}
