/**
 * The generator's output (files, vocabulary, graph interface) and the committed model running
 * through transformers.js + onnxruntime-node: chat template, streamed generation that agrees
 * with a no-cache forward pass, and left-padded batches. Random weights: plumbing only.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { env, pipeline, PreTrainedTokenizer, TextStreamer, type Tensor, type TextGenerationPipeline } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_CAUSAL_LM_CONTEXT, TINY_CAUSAL_LM_ID, TINY_CAUSAL_LM_SPLIT_MARKER, TINY_CAUSAL_LM_VOCAB_SIZE } from '../../src/adapters/transformers/tiny-causal-lm';
import { TINY_CAUSAL_SHAPE, tinyCausalLmFiles, tinyCausalLmVocab } from './make-tiny-causal-lm';
import { tinyCausalLmGraph } from './tiny-causal-lm-graph';
import { randomTinyCausalWeights } from './tiny-causal-lm-weights';
import { expectCommittedBytes, parseJsonFile, totalBytes } from './generated-files';

const MODELS_DIR = fileURLToPath(new URL('../../test/models/', import.meta.url));
const COMMITTED = join(MODELS_DIR, TINY_CAUSAL_LM_ID);

const vocab = tinyCausalLmVocab();
const files = tinyCausalLmFiles(vocab);
const jsonFile = (path: string) => parseJsonFile(files, path);
const tokenizer = new PreTrainedTokenizer(jsonFile('tokenizer.json'), jsonFile('tokenizer_config.json'));
const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });

describe('make-tiny-causal-lm: files', () => {
  it('produces the files transformers.js needs for text generation in every dtype', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        'README.md',
        'config.json',
        'generation_config.json',
        'onnx/model.onnx',
        'onnx/model_fp16.onnx',
        'onnx/model_quantized.onnx',
        'tokenizer.json',
        'tokenizer_config.json',
      ].sort(),
    );
  });

  it('stays commit-sized', () => {
    expect(totalBytes(files)).toBeLessThan(3 * 1024 * 1024);
  });

  it('has a Llama config whose sizes and special token ids match the tokenizer', () => {
    const config = jsonFile('config.json');
    const generation = jsonFile('generation_config.json');
    const tokenizerConfig = jsonFile('tokenizer_config.json');
    expect(config).toMatchObject({
      model_type: 'llama',
      vocab_size: TINY_CAUSAL_LM_VOCAB_SIZE,
      hidden_size: config.num_attention_heads * config.head_dim,
      num_key_value_heads: config.num_attention_heads,
      max_position_embeddings: TINY_CAUSAL_LM_CONTEXT,
      tie_word_embeddings: true,
    });
    expect(tokenizer.get_vocab().size).toBe(config.vocab_size);
    expect(config.eos_token_id).toBe(tokenizer.eos_token_id);
    expect(tokenizer.eos_token).toBe('<|im_end|>');
    expect(config.bos_token_id).toBe(tokenizer.bos_token_id);
    expect(config.pad_token_id).toBe(tokenizer.pad_token_id);
    expect(generation).toMatchObject({ eos_token_id: config.eos_token_id, bos_token_id: config.bos_token_id, pad_token_id: config.pad_token_id });
    expect(tokenizerConfig.model_max_length).toBe(TINY_CAUSAL_LM_CONTEXT);
  });

  it('declares the inputs and outputs of a decoder-with-past export', () => {
    const shape = TINY_CAUSAL_SHAPE;
    const graph = tinyCausalLmGraph(shape, randomTinyCausalWeights(shape, 1), new Float32Array(shape.vocabSize), 'fp32');
    const cache = (prefix: string) => Array.from({ length: shape.layers }, (_, l) => [`${prefix}.${l}.key`, `${prefix}.${l}.value`]).flat();
    expect(graph.inputs.map((i) => i.name)).toEqual(['input_ids', 'attention_mask', 'position_ids', ...cache('past_key_values')]);
    expect(graph.outputs.map((o) => o.name)).toEqual(['logits', ...cache('present')]);
    // transformers.js builds the empty first-step cache from these dims: symbolic ones other
    // than batch_size become 0, so heads and head_dim must be numbers.
    expect(graph.inputs.find((i) => i.name === 'past_key_values.0.key')?.dims).toEqual(['batch_size', shape.heads, 'past_sequence_length', shape.headDim]);
    expect(graph.outputs[0].dims).toEqual(['batch_size', 'sequence_length', shape.vocabSize]);
  });

  // The script is the source of truth: if this fails, rerun it (see its header) and commit the result.
  it('matches the committed model files byte for byte', () => {
    expectCommittedBytes(files, COMMITTED);
  });
});

describe('make-tiny-causal-lm: tokenizer', () => {
  it('round-trips any text, without unknown tokens', () => {
    for (const text of [
      'Revenue grew by 12.5% in Q3 (vs. 9.1% a year earlier); see note 14, p. 7.',
      "Don't panic: it's 10:45 — émigré café, naïve, 東京, 段落, emoji 🙂, tabs\tand\nnewlines.",
      '  leading and trailing spaces  ',
    ]) {
      const ids = encode(text);
      expect(ids.every((id) => id >= 0 && id < TINY_CAUSAL_LM_VOCAB_SIZE)).toBe(true);
      expect(tokenizer.decode(ids)).toBe(text);
    }
  });

  it('has single tokens for digits, 10, yes/no and the split marker', () => {
    for (const text of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'yes', 'no', 'Yes', 'No', ' yes', ' no', ' Yes', ' No']) {
      expect(encode(text), JSON.stringify(text)).toHaveLength(1);
    }
    const [marker] = encode(TINY_CAUSAL_LM_SPLIT_MARKER);
    expect(encode(TINY_CAUSAL_LM_SPLIT_MARKER)).toEqual([marker]);
    // Kept whole inside words, and not dropped as a special token when decoding.
    const ids = encode(`first${TINY_CAUSAL_LM_SPLIT_MARKER}second 段 third`);
    expect(ids.filter((id) => id === marker)).toHaveLength(2);
    expect(tokenizer.decode(ids, { skip_special_tokens: true })).toBe(`first${TINY_CAUSAL_LM_SPLIT_MARKER}second 段 third`);
  });

  it('learns merges for common English words', () => {
    expect(encode(' the')).toHaveLength(1);
    const sentence = 'The quick brown fox jumps over the lazy dog.';
    expect(encode(sentence).length).toBeLessThan(sentence.length / 2);
    expect(vocab.tokens).toHaveLength(TINY_CAUSAL_LM_VOCAB_SIZE);
  });

  it('renders the ChatML template with a generation prompt, special tokens as single ids', () => {
    const messages = [
      { role: 'system', content: 'S' },
      { role: 'user', content: 'U' },
      { role: 'assistant', content: 'A' },
      { role: 'user', content: 'Q' },
    ];
    const text = tokenizer.apply_chat_template(messages, { tokenize: false, add_generation_prompt: true });
    expect(text).toBe(
      '<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n<|im_start|>assistant\nA<|im_end|>\n' + '<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n',
    );
    const ids = encode(text as string);
    expect(ids.filter((id) => id === tokenizer.eos_token_id)).toHaveLength(4);
  });
});

describe('make-tiny-causal-lm: generation through transformers.js (onnxruntime-node)', () => {
  let generator: TextGenerationPipeline;
  const messages = [
    { role: 'system', content: 'Answer from the sources.' },
    { role: 'user', content: 'Is the sky blue? Answer yes or no.' },
  ];

  beforeAll(async () => {
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = MODELS_DIR;
    generator = await pipeline('text-generation', TINY_CAUSAL_LM_ID, { device: 'cpu', dtype: 'fp32' });
  });
  afterAll(() => generator?.dispose());

  it('streams one callback per generated token and runs to max_new_tokens', async () => {
    const tokens: bigint[][] = [];
    let streamed = '';
    const streamer = new TextStreamer(generator.tokenizer, {
      skip_prompt: true,
      token_callback_function: (t: bigint[]) => tokens.push(t),
      callback_function: (text: string) => (streamed += text),
    });
    const out = (await generator(messages, { max_new_tokens: 8, do_sample: false, streamer })) as Array<{
      generated_text: Array<{ role: string; content: string }>;
    }>;
    expect(tokens).toHaveLength(8);
    const reply = out[0].generated_text.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(reply.content).toBe(streamed);
    expect(reply.content).toBe(generator.tokenizer.decode(tokens.map(([t]) => Number(t))));
    expect(reply.content).toMatch(/^[\x20-\x7e\n段]+$/); // suppressed: special tokens, non-ASCII bytes
  });

  it('generates with the KV cache exactly what a no-cache forward pass predicts', async () => {
    const { model, tokenizer: tok } = generator;
    const prompt = tok.apply_chat_template(messages, { tokenize: false, add_generation_prompt: true }) as string;
    const inputs = tok(prompt, { add_special_tokens: false });
    const promptLength = inputs.input_ids.dims[1];
    const sequences = (await model.generate({ ...inputs, max_new_tokens: 8, do_sample: false })) as Tensor;
    const all = (sequences.tolist() as bigint[][])[0].map(Number);
    expect(all).toHaveLength(promptLength + 8);

    const full = tok(tok.decode(all), { add_special_tokens: false });
    expect((full.input_ids.tolist() as bigint[][])[0].map(Number)).toEqual(all);
    const { logits } = (await model(full)) as { logits: Tensor };
    const [, seqLen, vocabSize] = logits.dims;
    expect(logits.dims).toEqual([1, all.length, TINY_CAUSAL_LM_VOCAB_SIZE]);
    const data = logits.data as Float32Array;
    const argmax = (row: number) => {
      let best = 0;
      for (let v = 1; v < vocabSize; v++) if (data[row * vocabSize + v] > data[row * vocabSize + best]) best = v;
      return best;
    };
    for (let i = promptLength; i < seqLen; i++) expect(argmax(i - 1), `token ${i}`).toBe(all[i]);
  });

  it('gives a left-padded prompt the same continuation as the prompt alone', async () => {
    const short = [{ role: 'user', content: 'Hi' }];
    const long = [{ role: 'user', content: 'A much longer question about the quarterly revenue figures, please.' }];
    const alone = (await generator(short, { max_new_tokens: 6, do_sample: false })) as Array<{ generated_text: Array<{ content: string }> }>;
    const batch = (await generator([short, long], { max_new_tokens: 6, do_sample: false })) as unknown as Array<Array<{ generated_text: Array<{ content: string }> }>>;
    expect(batch[0][0].generated_text.at(-1)!.content).toBe(alone[0].generated_text.at(-1)!.content);
  });
});
