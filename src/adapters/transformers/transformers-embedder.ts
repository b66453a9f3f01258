import type { FeatureExtractionPipeline } from '@huggingface/transformers';
import type { Embedder } from '../../core/embed';
import { normalizeInPlace } from './normalize';
import type { Pooling } from './options';

const DEFAULT_BATCH_SIZE = 32;

/** An Embedder over a loaded transformers.js feature-extraction pipeline. */
export class TransformersEmbedder implements Embedder {
  constructor(
    readonly id: string,
    readonly dim: number,
    private readonly extractor: FeatureExtractionPipeline,
    private readonly pooling: Pooling,
    private readonly batchSize = DEFAULT_BATCH_SIZE,
  ) {}

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      signal?.throwIfAborted();
      out.push(...(await this.embedBatch(texts.slice(start, start + this.batchSize))));
    }
    signal?.throwIfAborted();
    return out;
  }

  dispose(): Promise<void> {
    return this.extractor.dispose();
  }

  private async embedBatch(texts: string[]): Promise<Float32Array[]> {
    let pooled = await this.extractor(texts, { pooling: this.pooling, normalize: false });
    // fp16 models may return half floats; everything downstream expects Float32Array.
    if (pooled.type !== 'float32') pooled = pooled.to('float32');
    const [rows, dim] = pooled.dims;
    if (rows !== texts.length || dim !== this.dim) {
      throw new Error(`model returned [${pooled.dims.join(', ')}] for ${texts.length} texts of dimension ${this.dim}`);
    }
    const data = pooled.data as Float32Array;
    const vectors: Float32Array[] = [];
    for (let r = 0; r < rows; r++) vectors.push(normalizeInPlace(data.slice(r * dim, (r + 1) * dim)));
    pooled.dispose();
    return vectors;
  }
}
