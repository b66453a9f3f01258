import { GraphBuilder, type WeightStorage } from './graph-builder';
import { ElemType, type OnnxGraph, type OnnxValueInfo } from './onnx-model';
import type { CausalLayerWeights, TinyCausalShape, TinyCausalWeights } from './tiny-causal-lm-weights';

export const CAUSAL_OPSET_VERSION = 17;
/** Added to the logits of tokens the model must never produce (see tinyCausalLmGraph). */
export const SUPPRESSED_LOGIT = -1e4;
/** Additive attention bias for masked positions; finite, so fully masked rows stay NaN-free. */
const MASKED_SCORE = -1e9;

export const pastName = (layer: number, kind: 'key' | 'value') => `past_key_values.${layer}.${kind}`;
export const presentName = (layer: number, kind: 'key' | 'value') => `present.${layer}.${kind}`;

const ints = (value: number[]) => ({ kind: 'ints' as const, value });
const int = (value: number) => ({ kind: 'int' as const, value });

/** RMSNorm over the last axis; needs the `rms_norm_eps` initializer. */
function rmsNorm(g: GraphBuilder, x: string, scale: string): string {
  const meanSquare = g.op('ReduceMean', [g.op('Mul', [x, x])], { axes: ints([-1]), keepdims: int(1) });
  const rms = g.op('Sqrt', [g.op('Add', [meanSquare, 'rms_norm_eps'])]);
  return g.op('Mul', [g.op('Div', [x, rms]), scale]);
}

/**
 * Rotary tables from position_ids: angle[b, s, j] = position · inv_freq[j mod d/2], shaped
 * [batch, 1, seq, head_dim] to broadcast over heads. rotate_half(t) = t · R. Returns the rotation.
 */
function rotaryEmbedding(g: GraphBuilder, shape: TinyCausalShape): (t: string) => string {
  const d = shape.headDim;
  const half = d / 2;
  const invFreq = Array.from({ length: d }, (_, j) => 1 / Math.pow(shape.ropeTheta, (2 * (j % half)) / d));
  const angles = g.op('Mul', [g.op('Unsqueeze', [g.op('Cast', ['position_ids'], { to: int(ElemType.FLOAT) }), g.int64('axis_last', [2])]), g.float('rope_inv_freq', invFreq, [d])]);
  const headAxis = g.int64('axis_heads', [1]);
  const cos = g.op('Unsqueeze', [g.op('Cos', [angles]), headAxis]);
  const sin = g.op('Unsqueeze', [g.op('Sin', [angles]), headAxis]);
  const rotateHalf = new Float32Array(d * d);
  for (let j = 0; j < half; j++) {
    rotateHalf[(j + half) * d + j] = -1; // out[j] = -in[j + d/2]
    rotateHalf[j * d + j + half] = 1; // out[j + d/2] = in[j]
  }
  g.float('rope_rotate_half', rotateHalf, [d, d]);
  return (t: string) => g.op('Add', [g.op('Mul', [t, cos]), g.op('Mul', [g.op('MatMul', [t, 'rope_rotate_half']), sin])]);
}

/**
 * Attention bias [batch, 1, seq, past + seq]: query i (absolute position past + i) may see key j
 * when j <= past + i and attention_mask[j] is 1.
 */
function attentionBias(g: GraphBuilder): string {
  const lengthOf = (tensor: string) => g.op('Gather', [g.op('Shape', [tensor]), 'index_one'], { axis: int(0) });
  g.int64('index_one', [1], []);
  const total = lengthOf('attention_mask');
  const seq = lengthOf('input_ids');
  const zero = g.int64('zero', [0], []);
  const one = g.int64('one', [1], []);
  const queryPositions = g.op('Range', [g.op('Sub', [total, seq]), total, one]);
  const keyPositions = g.op('Range', [zero, total, one]);
  const causal = g.op('LessOrEqual', [g.op('Unsqueeze', [keyPositions, g.int64('axis_first', [0])]), g.op('Unsqueeze', [queryPositions, 'axis_heads'])]);
  const keep = g.op('Unsqueeze', [g.op('Equal', ['attention_mask', one]), g.int64('axes_heads_queries', [1, 2])]);
  return g.op('Where', [g.op('And', [causal, keep]), g.float('score_zero', [0], []), g.float('score_masked', [MASKED_SCORE], [])]);
}

/** The decoder layers over the embedded tokens `x`: attention with the past cache, then SwiGLU. */
function decoderLayers(g: GraphBuilder, shape: TinyCausalShape, layers: CausalLayerWeights[], x: string, rope: (t: string) => string, bias: string): string {
  const { hidden: h, heads, headDim: d } = shape;
  const splitHeads = g.int64('split_heads_shape', [0, 0, heads, d]);
  const mergeHeads = g.int64('merge_heads_shape', [0, 0, heads * d]);
  const scoreScale = g.float('score_scale', [1 / Math.sqrt(d)], []);
  const toHeads = (t: string) => g.op('Transpose', [g.op('Reshape', [t, splitHeads])], { perm: ints([0, 2, 1, 3]) });

  layers.forEach((lw: CausalLayerWeights, l: number) => {
    const w = (name: string, values: Float32Array, dims: number[]) => g.weight(`layers.${l}.${name}`, values, dims);
    const a = rmsNorm(g, x, w('input_layernorm', lw.inputNorm, [h]));
    const q = rope(toHeads(g.op('MatMul', [a, w('q_proj', lw.q, [h, heads * d])])));
    const k = rope(toHeads(g.op('MatMul', [a, w('k_proj', lw.k, [h, heads * d])])));
    const v = toHeads(g.op('MatMul', [a, w('v_proj', lw.v, [h, heads * d])]));
    const keys = g.op('Concat', [pastName(l, 'key'), k], { axis: int(2) }, presentName(l, 'key'));
    const values = g.op('Concat', [pastName(l, 'value'), v], { axis: int(2) }, presentName(l, 'value'));

    const scores = g.op('Mul', [g.op('MatMul', [q, g.op('Transpose', [keys], { perm: ints([0, 1, 3, 2]) })]), scoreScale]);
    const probs = g.op('Softmax', [g.op('Add', [scores, bias])], { axis: int(-1) });
    const context = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [probs, values])], { perm: ints([0, 2, 1, 3]) }), mergeHeads]);
    x = g.op('Add', [x, g.op('MatMul', [context, w('o_proj', lw.o, [heads * d, h])])]);

    // SwiGLU: down(silu(gate(m)) · up(m)).
    const m = rmsNorm(g, x, w('post_attention_layernorm', lw.postAttentionNorm, [h]));
    const gate = g.op('MatMul', [m, w('gate_proj', lw.gate, [h, shape.intermediate])]);
    const silu = g.op('Mul', [gate, g.op('Sigmoid', [gate])]);
    const up = g.op('MatMul', [m, w('up_proj', lw.up, [h, shape.intermediate])]);
    x = g.op('Add', [x, g.op('MatMul', [g.op('Mul', [silu, up]), w('down_proj', lw.down, [shape.intermediate, h])])]);
  });
  return x;
}

/** The graph's inputs and outputs, as an Optimum text-generation-with-past export names them. */
function graphInterface(shape: TinyCausalShape, layers: number): { inputs: OnnxValueInfo[]; outputs: OnnxValueInfo[] } {
  const tokens = (name: string, length: string): OnnxValueInfo => ({ name, elemType: ElemType.INT64, dims: ['batch_size', length] });
  const cache = (name: string, length: string): OnnxValueInfo => ({ name, elemType: ElemType.FLOAT, dims: ['batch_size', shape.heads, length, shape.headDim] });
  const kinds = ['key', 'value'] as const;
  const layerIds = Array.from({ length: layers }, (_, l) => l);
  return {
    inputs: [
      tokens('input_ids', 'sequence_length'),
      tokens('attention_mask', 'total_sequence_length'),
      tokens('position_ids', 'sequence_length'),
      ...layerIds.flatMap((l) => kinds.map((kind) => cache(pastName(l, kind), 'past_sequence_length'))),
    ],
    outputs: [
      { name: 'logits', elemType: ElemType.FLOAT, dims: ['batch_size', 'sequence_length', shape.vocabSize] },
      ...layerIds.flatMap((l) => kinds.map((kind) => cache(presentName(l, kind), 'total_sequence_length'))),
    ],
  };
}

/**
 * A Llama-style decoder (RMSNorm, rotary positions, SwiGLU, tied embeddings) with the inputs and
 * outputs of an Optimum text-generation-with-past export, which transformers.js drives:
 *
 *   input_ids, position_ids [batch, seq]; attention_mask [batch, past + seq];
 *   past_key_values.{i}.key|value [batch, heads, past, head_dim] (past may be 0)
 *   → logits [batch, seq, vocab]; present.{i}.key|value [batch, heads, past + seq, head_dim]
 *
 * Attention is causal over past + new positions and skips positions where attention_mask is 0.
 * `logitBias` ([vocab], 0 or SUPPRESSED_LOGIT) is added to the logits.
 */
export function tinyCausalLmGraph(shape: TinyCausalShape, weights: TinyCausalWeights, logitBias: Float32Array, storage: WeightStorage): OnnxGraph {
  if (weights.layers.length !== shape.layers) throw new Error('weights do not match the shape');
  if (shape.headDim % 2 !== 0) throw new Error('rotary embeddings need an even head_dim');
  const g = new GraphBuilder(storage);
  g.float('rms_norm_eps', [shape.rmsNormEps], []);

  // Token embeddings, shared with the output projection.
  const embed = g.weight('embed_tokens', weights.embedTokens, [shape.vocabSize, shape.hidden]);
  const tokens = g.op('Gather', [embed, 'input_ids'], { axis: int(0) });
  const rope = rotaryEmbedding(g, shape);
  const x = decoderLayers(g, shape, weights.layers, tokens, rope, attentionBias(g));

  const normed = rmsNorm(g, x, g.weight('norm', weights.finalNorm, [shape.hidden]));
  const lmHead = g.op('Transpose', [embed], { perm: ints([1, 0]) });
  g.op('Add', [g.op('MatMul', [normed, lmHead]), g.float('logit_bias', logitBias, [shape.vocabSize])], undefined, 'logits');
  const { inputs, outputs } = graphInterface(shape, weights.layers.length);
  return g.build('tiny_causal_lm', inputs, outputs);
}
