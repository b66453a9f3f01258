import { SeededRandom } from './seeded-random';

export interface TinyBertShape {
  vocabSize: number;
  hidden: number;
  layers: number;
  heads: number;
  intermediate: number;
  maxPositions: number;
  typeVocabSize: number;
}

/** The tiny models' BERT size: 2 layers of 4 heads, a 4× feed-forward, two token types. */
export function tinyBertShape(vocabSize: number, hidden: number, maxPositions: number): TinyBertShape {
  return { vocabSize, hidden, layers: 2, heads: 4, intermediate: 4 * hidden, maxPositions, typeVocabSize: 2 };
}

export interface LayerWeights {
  q: Float32Array;
  qBias: Float32Array;
  k: Float32Array;
  kBias: Float32Array;
  v: Float32Array;
  vBias: Float32Array;
  attnOut: Float32Array;
  attnOutBias: Float32Array;
  attnNormScale: Float32Array;
  attnNormBias: Float32Array;
  up: Float32Array;
  upBias: Float32Array;
  down: Float32Array;
  downBias: Float32Array;
  ffnNormScale: Float32Array;
  ffnNormBias: Float32Array;
}

export interface TinyBertWeights {
  wordEmbeddings: Float32Array;
  positionEmbeddings: Float32Array;
  typeEmbeddings: Float32Array;
  embedNormScale: Float32Array;
  embedNormBias: Float32Array;
  layers: LayerWeights[];
}

/**
 * Random parameters. Embeddings get a large spread so that different token sequences give
 * clearly different outputs; projections are scaled by 1/sqrt(fan_in) to keep activations tame.
 */
export function randomTinyBertWeights(shape: TinyBertShape, seed: number): TinyBertWeights {
  const rng = new SeededRandom(seed);
  const h = shape.hidden;
  const matrix = (rows: number, cols: number) => rng.normals(rows * cols, 1 / Math.sqrt(rows));
  const bias = (n: number) => rng.normals(n, 0.02);
  const ones = (n: number) => new Float32Array(n).fill(1);
  const zeros = (n: number) => new Float32Array(n);

  const wordEmbeddings = rng.normals(shape.vocabSize * h, 1);
  const positionEmbeddings = rng.normals(shape.maxPositions * h, 0.1);
  const typeEmbeddings = rng.normals(shape.typeVocabSize * h, 0.1);

  const layers: LayerWeights[] = [];
  for (let l = 0; l < shape.layers; l++) {
    layers.push({
      q: matrix(h, h),
      qBias: bias(h),
      k: matrix(h, h),
      kBias: bias(h),
      v: matrix(h, h),
      vBias: bias(h),
      attnOut: matrix(h, h),
      attnOutBias: bias(h),
      attnNormScale: ones(h),
      attnNormBias: zeros(h),
      up: matrix(h, shape.intermediate),
      upBias: bias(shape.intermediate),
      down: matrix(shape.intermediate, h),
      downBias: bias(h),
      ffnNormScale: ones(h),
      ffnNormBias: zeros(h),
    });
  }
  return { wordEmbeddings, positionEmbeddings, typeEmbeddings, embedNormScale: ones(h), embedNormBias: zeros(h), layers };
}
