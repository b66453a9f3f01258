import { SeededRandom } from './seeded-random';

/** Dimensions of a Llama-shaped decoder (no grouped-query attention: as many KV heads as heads). */
export interface TinyCausalShape {
  vocabSize: number;
  hidden: number;
  layers: number;
  heads: number;
  headDim: number;
  intermediate: number;
  maxPositions: number;
  ropeTheta: number;
  rmsNormEps: number;
}

export interface CausalLayerWeights {
  inputNorm: Float32Array;
  q: Float32Array;
  k: Float32Array;
  v: Float32Array;
  o: Float32Array;
  postAttentionNorm: Float32Array;
  gate: Float32Array;
  up: Float32Array;
  down: Float32Array;
}

export interface TinyCausalWeights {
  /** [vocab, hidden]; also the output projection (tied embeddings). */
  embedTokens: Float32Array;
  layers: CausalLayerWeights[];
  finalNorm: Float32Array;
}

/**
 * Random parameters, matrices stored [in, out]. Token embeddings are small next to what each
 * block adds to the residual stream, so the next token depends on the context rather than
 * echoing the last one; the final norm's gain makes the tied output logits spread out enough
 * that the distribution is far from uniform.
 */
export function randomTinyCausalWeights(shape: TinyCausalShape, seed: number): TinyCausalWeights {
  const rng = new SeededRandom(seed);
  const h = shape.hidden;
  const attn = shape.heads * shape.headDim;
  const matrix = (rows: number, cols: number) => rng.normals(rows * cols, 1 / Math.sqrt(rows));
  const filled = (n: number, value: number) => new Float32Array(n).fill(value);

  const embedTokens = rng.normals(shape.vocabSize * h, 0.1);
  const layers: CausalLayerWeights[] = [];
  for (let l = 0; l < shape.layers; l++) {
    layers.push({
      inputNorm: filled(h, 1),
      q: matrix(h, attn),
      k: matrix(h, attn),
      v: matrix(h, attn),
      o: matrix(attn, h),
      postAttentionNorm: filled(h, 1),
      gate: matrix(h, shape.intermediate),
      up: matrix(h, shape.intermediate),
      down: matrix(shape.intermediate, h),
    });
  }
  return { embedTokens, layers, finalNorm: filled(h, 4) };
}
