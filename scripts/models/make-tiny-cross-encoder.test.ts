/**
 * The generator's output: files, config, graph interface and committed bytes
 * (make-tiny-cross-encoder-scoring.test.ts runs the committed model).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TINY_CROSS_ENCODER_ID, TINY_CROSS_ENCODER_MAX_TOKENS, tinyCrossEncoderFiles } from './make-tiny-cross-encoder';
import { randomClassifierHeadWeights, tinyBertClassifierGraph } from './tiny-bert-classifier';
import { randomTinyBertWeights, type TinyBertShape } from './tiny-bert-weights';
import { expectCommittedBytes, parseJsonFile, totalBytes } from './generated-files';

const MODELS_DIR = fileURLToPath(new URL('../../test/models/', import.meta.url));
const COMMITTED = join(MODELS_DIR, TINY_CROSS_ENCODER_ID);

const files = tinyCrossEncoderFiles();
const jsonFile = (path: string) => parseJsonFile(files, path);

describe('make-tiny-cross-encoder: files', () => {
  it('produces the files transformers.js needs for fp32 and q8', () => {
    expect([...files.keys()].sort()).toEqual(['README.md', 'config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json'].sort());
    expect(new TextDecoder().decode(files.get('README.md'))).toMatch(/random weights[\s\S]*make-tiny-cross-encoder\.ts/i);
  });

  it('stays commit-sized', () => {
    expect(totalBytes(files)).toBeLessThan(2 * 1024 * 1024);
  });

  it('has a one-label BertForSequenceClassification config matching the tokenizer', () => {
    const config = jsonFile('config.json');
    expect(config).toMatchObject({
      architectures: ['BertForSequenceClassification'],
      model_type: 'bert',
      id2label: { 0: 'LABEL_0' },
      label2id: { LABEL_0: 0 },
      type_vocab_size: 2,
      max_position_embeddings: TINY_CROSS_ENCODER_MAX_TOKENS,
    });
    expect(Object.keys(config.id2label)).toHaveLength(1);
    const vocab: Record<string, number> = jsonFile('tokenizer.json').model.vocab;
    expect(Object.keys(vocab)).toHaveLength(config.vocab_size);
    expect(jsonFile('tokenizer_config.json').model_max_length).toBe(TINY_CROSS_ENCODER_MAX_TOKENS);
  });

  it('declares the inputs and output of a text-classification export', () => {
    const shape: TinyBertShape = { vocabSize: 10, hidden: 8, layers: 1, heads: 2, intermediate: 16, maxPositions: 16, typeVocabSize: 2 };
    const graph = tinyBertClassifierGraph(shape, randomTinyBertWeights(shape, 1), randomClassifierHeadWeights(8, 1, 2), 1, 'fp32');
    expect(graph.inputs.map((i) => i.name)).toEqual(['input_ids', 'attention_mask', 'token_type_ids']);
    expect(graph.inputs.every((i) => i.dims.join() === 'batch_size,sequence_length')).toBe(true);
    expect(graph.outputs).toEqual([expect.objectContaining({ name: 'logits', dims: ['batch_size', 1] })]);
  });

  // The script is the source of truth: if this fails, rerun it (see its header) and commit the result.
  it('matches the committed model files byte for byte', () => {
    expectCommittedBytes(files, COMMITTED);
  });

  it('regenerates the same bytes', () => {
    const again = tinyCrossEncoderFiles();
    for (const [path, bytes] of files) expect(Buffer.compare(Buffer.from(again.get(path)!), Buffer.from(bytes)), path).toBe(0);
  });
});
