import { tinyBertGraph, OPSET_VERSION } from '../tiny-bert-graph';
import type { LayerWeights, TinyBertShape, TinyBertWeights } from '../tiny-bert-weights';
import { encodeOnnxModel } from '../onnx-model';
import { readSafetensors, type SafeTensor } from './safetensors';

/** The fields of a Hugging Face BERT config.json the conversion needs. */
export interface BertConfig {
  vocab_size: number;
  hidden_size: number;
  num_hidden_layers: number;
  num_attention_heads: number;
  intermediate_size: number;
  max_position_embeddings: number;
  type_vocab_size: number;
  hidden_act?: string;
  layer_norm_eps?: number;
  model_type?: string;
}

/**
 * Converts a BERT encoder's safetensors weights (a sentence-transformers or Hugging Face
 * BertModel checkpoint) into an ONNX feature-extraction model with the graph inputs and output
 * of an Optimum export (input_ids, attention_mask, token_type_ids → last_hidden_state), which
 * transformers.js loads as onnx/model.onnx. Weights stay fp32.
 */
export function convertBertSafetensors(safetensors: Uint8Array, config: BertConfig): Uint8Array {
  if (config.model_type && config.model_type !== 'bert') throw new Error(`cannot convert model_type ${config.model_type}: only BERT encoders are supported`);
  if (config.hidden_act && config.hidden_act !== 'gelu') throw new Error(`cannot convert hidden_act ${config.hidden_act}: only gelu is supported`);
  if (config.layer_norm_eps !== undefined && Math.abs(config.layer_norm_eps - 1e-12) > 1e-15)
    throw new Error(`cannot convert layer_norm_eps ${config.layer_norm_eps}: only 1e-12 is supported`);
  const tensors = readSafetensors(safetensors);
  const prefix = tensors.has('bert.embeddings.word_embeddings.weight') ? 'bert.' : '';
  const get = (name: string, shape: number[]): Float32Array => {
    const t = tensors.get(prefix + name);
    if (!t) throw new Error(`the weights have no tensor ${prefix + name}`);
    if (t.shape.join() !== shape.join()) throw new Error(`tensor ${prefix + name} has shape [${t.shape}], expected [${shape}]`);
    return t.data;
  };
  const h = config.hidden_size;
  const ff = config.intermediate_size;
  const shape: TinyBertShape = {
    vocabSize: config.vocab_size,
    hidden: h,
    layers: config.num_hidden_layers,
    heads: config.num_attention_heads,
    intermediate: ff,
    maxPositions: config.max_position_embeddings,
    typeVocabSize: config.type_vocab_size,
  };
  // PyTorch Linear weights are [out, in]; the graph multiplies x · W with W as [in, out].
  const linear = (name: string, out: number, inp: number) => transpose(get(`${name}.weight`, [out, inp]), out, inp);
  const vec = (name: string, n: number) => get(name, [n]);
  const layers: LayerWeights[] = [];
  for (let l = 0; l < shape.layers; l++) {
    const p = `encoder.layer.${l}.`;
    layers.push({
      q: linear(`${p}attention.self.query`, h, h),
      qBias: vec(`${p}attention.self.query.bias`, h),
      k: linear(`${p}attention.self.key`, h, h),
      kBias: vec(`${p}attention.self.key.bias`, h),
      v: linear(`${p}attention.self.value`, h, h),
      vBias: vec(`${p}attention.self.value.bias`, h),
      attnOut: linear(`${p}attention.output.dense`, h, h),
      attnOutBias: vec(`${p}attention.output.dense.bias`, h),
      attnNormScale: vec(`${p}attention.output.LayerNorm.weight`, h),
      attnNormBias: vec(`${p}attention.output.LayerNorm.bias`, h),
      up: linear(`${p}intermediate.dense`, ff, h),
      upBias: vec(`${p}intermediate.dense.bias`, ff),
      down: linear(`${p}output.dense`, h, ff),
      downBias: vec(`${p}output.dense.bias`, h),
      ffnNormScale: vec(`${p}output.LayerNorm.weight`, h),
      ffnNormBias: vec(`${p}output.LayerNorm.bias`, h),
    });
  }
  const weights: TinyBertWeights = {
    wordEmbeddings: get('embeddings.word_embeddings.weight', [shape.vocabSize, h]),
    positionEmbeddings: get('embeddings.position_embeddings.weight', [shape.maxPositions, h]),
    typeEmbeddings: get('embeddings.token_type_embeddings.weight', [shape.typeVocabSize, h]),
    embedNormScale: vec('embeddings.LayerNorm.weight', h),
    embedNormBias: vec('embeddings.LayerNorm.bias', h),
    layers,
  };
  const graph = tinyBertGraph(shape, weights, 'fp32');
  return encodeOnnxModel(graph, { irVersion: 8, opsetVersion: OPSET_VERSION, producerName: 'sieve-convert-bert', docString: 'converted from safetensors' });
}

function transpose(m: Float32Array, rows: number, cols: number): Float32Array {
  const t = new Float32Array(m.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) t[c * rows + r] = m[r * cols + c];
  return t;
}

export type { SafeTensor };
