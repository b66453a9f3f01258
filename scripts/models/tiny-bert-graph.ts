import { GraphBuilder, type WeightStorage } from './graph-builder';
import { ElemType, type OnnxGraph, type OnnxValueInfo } from './onnx-model';
import type { LayerWeights, TinyBertShape, TinyBertWeights } from './tiny-bert-weights';

export const OPSET_VERSION = 17; // first opset with LayerNormalization
export const LAYER_NORM_EPS = 1e-12;

/** The graph inputs of an Optimum BERT export, [batch_size, sequence_length] int64 each. */
export function bertGraphInputs(): OnnxValueInfo[] {
  const tokens = (name: string): OnnxValueInfo => ({ name, elemType: ElemType.INT64, dims: ['batch_size', 'sequence_length'] });
  return [tokens('input_ids'), tokens('attention_mask'), tokens('token_type_ids')];
}

/**
 * A BERT encoder with the graph inputs and output name that an Optimum feature-extraction
 * export has (input_ids, attention_mask, token_type_ids → last_hidden_state).
 */
export function tinyBertGraph(shape: TinyBertShape, weights: TinyBertWeights, storage: WeightStorage): OnnxGraph {
  const g = new GraphBuilder(storage);
  tinyBertEncoder(g, shape, weights, 'last_hidden_state');
  return g.build('tiny_bert', bertGraphInputs(), [{ name: 'last_hidden_state', elemType: ElemType.FLOAT, dims: ['batch_size', 'sequence_length', shape.hidden] }]);
}

/**
 * Adds the encoder (embeddings, then the layers) to `g`, reading the graph inputs input_ids,
 * attention_mask and token_type_ids. Returns the name of the last hidden state
 * [batch, seq, hidden], which is `output` when given.
 */
export function tinyBertEncoder(g: GraphBuilder, shape: TinyBertShape, weights: TinyBertWeights, output?: string): string {
  if (weights.layers.length < 1) throw new Error('tinyBertEncoder needs at least one layer');
  const h = shape.hidden;
  const headDim = h / shape.heads;
  const layerNorm = (x: string, scale: string, bias: string, output?: string) =>
    g.op('LayerNormalization', [x, scale, bias], { axis: { kind: 'int', value: -1 }, epsilon: { kind: 'float', value: LAYER_NORM_EPS } }, output);
  const linear = (x: string, w: string, b: string) => g.op('Add', [g.op('MatMul', [x, w]), b]);

  // Embeddings: word + token type + position (positions 0..seq-1, computed from the input shape).
  const words = g.op('Gather', [g.weight('word_embeddings', weights.wordEmbeddings, [shape.vocabSize, h]), 'input_ids']);
  const types = g.op('Gather', [g.weight('token_type_embeddings', weights.typeEmbeddings, [shape.typeVocabSize, h]), 'token_type_ids']);
  const seqLen = g.op('Gather', [g.op('Shape', ['input_ids']), g.int64('one_index', [1], [])], { axis: { kind: 'int', value: 0 } });
  const positionIds = g.op('Range', [g.int64('zero', [0], []), seqLen, g.int64('one', [1], [])]);
  const positions = g.op('Gather', [g.weight('position_embeddings', weights.positionEmbeddings, [shape.maxPositions, h]), positionIds]);
  let x = layerNorm(
    g.op('Add', [g.op('Add', [words, types]), positions]),
    g.weight('embeddings_norm_scale', weights.embedNormScale, [h]),
    g.weight('embeddings_norm_bias', weights.embedNormBias, [h]),
  );

  // Additive attention bias: 0 for real tokens, -10000 for padding, shaped [batch, 1, 1, seq].
  const maskFloat = g.op('Cast', ['attention_mask'], { to: { kind: 'int', value: ElemType.FLOAT } });
  const inverted = g.op('Sub', [g.float('one_f', [1], []), maskFloat]);
  const maskBias = g.op('Unsqueeze', [g.op('Mul', [inverted, g.float('mask_value', [-10000], [])]), g.int64('mask_axes', [1, 2])]);

  const splitHeads = g.int64('split_heads_shape', [0, 0, shape.heads, headDim]);
  const mergeHeads = g.int64('merge_heads_shape', [0, 0, h]);
  const scoreScale = g.float('score_scale', [1 / Math.sqrt(headDim)], []);
  const halfF = g.float('half_f', [0.5], []);
  const invSqrt2 = g.float('inv_sqrt2', [Math.SQRT1_2], []);

  weights.layers.forEach((lw: LayerWeights, l: number) => {
    const p = `layer${l}`;
    const w = (name: string, values: Float32Array, dims: number[]) => g.weight(`${p}_${name}`, values, dims);
    const heads = (t: string, perm: number[]) => g.op('Transpose', [g.op('Reshape', [t, splitHeads])], { perm: { kind: 'ints', value: perm } });

    const q = heads(linear(x, w('q', lw.q, [h, h]), w('q_bias', lw.qBias, [h])), [0, 2, 1, 3]);
    const kT = heads(linear(x, w('k', lw.k, [h, h]), w('k_bias', lw.kBias, [h])), [0, 2, 3, 1]);
    const v = heads(linear(x, w('v', lw.v, [h, h]), w('v_bias', lw.vBias, [h])), [0, 2, 1, 3]);
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, kT]), scoreScale]), maskBias]);
    const probs = g.op('Softmax', [scores], { axis: { kind: 'int', value: -1 } });
    const context = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [probs, v])], { perm: { kind: 'ints', value: [0, 2, 1, 3] } }), mergeHeads]);
    const attended = linear(context, w('attn_out', lw.attnOut, [h, h]), w('attn_out_bias', lw.attnOutBias, [h]));
    x = layerNorm(g.op('Add', [attended, x]), w('attn_norm_scale', lw.attnNormScale, [h]), w('attn_norm_bias', lw.attnNormBias, [h]));

    // GELU (erf form): 0.5 · u · (1 + erf(u / √2)).
    const u = linear(x, w('up', lw.up, [h, shape.intermediate]), w('up_bias', lw.upBias, [shape.intermediate]));
    const erf = g.op('Erf', [g.op('Mul', [u, invSqrt2])]);
    const gelu = g.op('Mul', [g.op('Mul', [u, g.op('Add', [erf, 'one_f'])]), halfF]);
    const down = linear(gelu, w('down', lw.down, [shape.intermediate, h]), w('down_bias', lw.downBias, [h]));
    const isLast = l === weights.layers.length - 1;
    x = layerNorm(g.op('Add', [down, x]), w('ffn_norm_scale', lw.ffnNormScale, [h]), w('ffn_norm_bias', lw.ffnNormBias, [h]), isLast ? output : undefined);
  });
  return x;
}
