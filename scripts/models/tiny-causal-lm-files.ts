import type { TinyCausalShape } from './tiny-causal-lm-weights';
import { END_OF_TEXT, IM_END, IM_START, type CausalVocab } from './tiny-causal-lm-vocab';

/** The JSON files of a Hugging Face Llama-style chat model repository, as transformers.js reads them. */

/** ChatML, as Qwen and SmolLM use: `<|im_start|>{role}\n{content}<|im_end|>\n` per message. */
export const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export interface SpecialTokenIds {
  bos: number;
  eos: number;
  pad: number;
}

export function specialTokenIds(vocab: CausalVocab): SpecialTokenIds {
  const id = (token: string) => {
    const i = vocab.tokens.indexOf(token);
    if (i < 0) throw new Error(`${token} missing from the vocabulary`);
    return i;
  };
  return { bos: id(END_OF_TEXT), eos: id(IM_END), pad: id(END_OF_TEXT) };
}

export function llamaConfig(shape: TinyCausalShape, ids: SpecialTokenIds): object {
  return {
    architectures: ['LlamaForCausalLM'],
    model_type: 'llama',
    vocab_size: shape.vocabSize,
    hidden_size: shape.hidden,
    intermediate_size: shape.intermediate,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    num_key_value_heads: shape.heads,
    head_dim: shape.headDim,
    hidden_act: 'silu',
    max_position_embeddings: shape.maxPositions,
    rms_norm_eps: shape.rmsNormEps,
    rope_theta: shape.ropeTheta,
    rope_scaling: null,
    attention_bias: false,
    mlp_bias: false,
    tie_word_embeddings: true,
    use_cache: true,
    torch_dtype: 'float32',
    bos_token_id: ids.bos,
    eos_token_id: ids.eos,
    pad_token_id: ids.pad,
  };
}

export function generationConfig(ids: SpecialTokenIds): object {
  return { bos_token_id: ids.bos, eos_token_id: ids.eos, pad_token_id: ids.pad, do_sample: false };
}

const addedToken = (id: number, content: string, special: boolean) => ({
  id,
  content,
  single_word: false,
  lstrip: false,
  rstrip: false,
  normalized: false,
  special,
});

/** tokenizer.json: GPT-2 style byte-level BPE (no normaliser, no unknown token). */
export function byteLevelTokenizerJson(vocab: CausalVocab): object {
  const firstAdded = vocab.tokens.length - vocab.added.length;
  const byteLevel = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: vocab.added.map(({ content, special }, i) => addedToken(firstAdded + i, content, special)),
    normalizer: null,
    pre_tokenizer: byteLevel,
    post_processor: { ...byteLevel, trim_offsets: false },
    decoder: byteLevel,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: '',
      end_of_word_suffix: '',
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: Object.fromEntries(vocab.tokens.slice(0, firstAdded).map((token, i) => [token, i])),
      merges: vocab.merges.map(([a, b]) => [a, b]),
    },
  };
}

export function byteLevelTokenizerConfig(vocab: CausalVocab, maxLength: number): object {
  const firstAdded = vocab.tokens.length - vocab.added.length;
  return {
    tokenizer_class: 'PreTrainedTokenizerFast',
    model_max_length: maxLength,
    padding_side: 'left',
    add_bos_token: false,
    add_eos_token: false,
    clean_up_tokenization_spaces: false,
    bos_token: END_OF_TEXT,
    eos_token: IM_END,
    pad_token: END_OF_TEXT,
    unk_token: null,
    additional_special_tokens: [IM_START, IM_END],
    added_tokens_decoder: Object.fromEntries(
      vocab.added.map(({ content, special }, i) => {
        const { id, ...rest } = addedToken(firstAdded + i, content, special);
        return [String(id), rest];
      }),
    ),
    chat_template: CHAT_TEMPLATE,
  };
}
