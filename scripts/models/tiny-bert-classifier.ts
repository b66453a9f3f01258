import { GraphBuilder, type WeightStorage } from './graph-builder';
import { ElemType, type OnnxGraph } from './onnx-model';
import { SeededRandom } from './seeded-random';
import { bertGraphInputs, tinyBertEncoder } from './tiny-bert-graph';
import type { TinyBertShape, TinyBertWeights } from './tiny-bert-weights';

/** BertForSequenceClassification's head: pooler (dense + tanh on [CLS]) and classifier. */
export interface ClassifierHeadWeights {
  pooler: Float32Array;
  poolerBias: Float32Array;
  classifier: Float32Array;
  classifierBias: Float32Array;
}

/** Random head parameters, scaled like the encoder's projections (1/sqrt(fan_in)). */
export function randomClassifierHeadWeights(hidden: number, labels: number, seed: number): ClassifierHeadWeights {
  const rng = new SeededRandom(seed);
  return {
    pooler: rng.normals(hidden * hidden, 1 / Math.sqrt(hidden)),
    poolerBias: rng.normals(hidden, 0.02),
    classifier: rng.normals(hidden * labels, 1 / Math.sqrt(hidden)),
    classifierBias: rng.normals(labels, 0.02),
  };
}

/**
 * A BERT cross-encoder with the graph interface of an Optimum text-classification export:
 * input_ids, attention_mask, token_type_ids → logits [batch_size, labels], from the [CLS]
 * token's final hidden state through the pooler and the classifier.
 */
export function tinyBertClassifierGraph(shape: TinyBertShape, weights: TinyBertWeights, head: ClassifierHeadWeights, labels: number, storage: WeightStorage): OnnxGraph {
  const g = new GraphBuilder(storage);
  const h = shape.hidden;
  const hidden = tinyBertEncoder(g, shape, weights);
  // Gather with a scalar index drops the sequence axis: [batch, seq, h] → [batch, h].
  const cls = g.op('Gather', [hidden, g.int64('cls_index', [0], [])], { axis: { kind: 'int', value: 1 } });
  const pooled = g.op('Tanh', [g.op('Add', [g.op('MatMul', [cls, g.weight('pooler', head.pooler, [h, h])]), g.weight('pooler_bias', head.poolerBias, [h])])]);
  g.op('Add', [g.op('MatMul', [pooled, g.weight('classifier', head.classifier, [h, labels])]), g.weight('classifier_bias', head.classifierBias, [labels])], undefined, 'logits');
  return g.build('tiny_bert_classifier', bertGraphInputs(), [{ name: 'logits', elemType: ElemType.FLOAT, dims: ['batch_size', labels] }]);
}
