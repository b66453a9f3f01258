import type { TinyBertShape } from './tiny-bert-weights';
import { LAYER_NORM_EPS } from './tiny-bert-graph';

/** The JSON files of a Hugging Face BERT model repository, as transformers.js reads them. */

export function bertConfig(shape: TinyBertShape): object {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    vocab_size: shape.vocabSize,
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    intermediate_size: shape.intermediate,
    hidden_act: 'gelu',
    max_position_embeddings: shape.maxPositions,
    type_vocab_size: shape.typeVocabSize,
    layer_norm_eps: LAYER_NORM_EPS,
    pad_token_id: 0,
  };
}

export function bertTokenizerConfig(maxLength: number): object {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: maxLength,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    mask_token: '[MASK]',
  };
}

/** tokenizer.json: BERT normaliser and pre-tokeniser, WordPiece model, [CLS] … [SEP] template. */
export function bertTokenizerJson(vocab: string[]): object {
  const id = (token: string) => {
    const i = vocab.indexOf(token);
    if (i < 0) throw new Error(`special token ${token} missing from vocab`);
    return i;
  };
  const specials = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
  const special = (token: string, typeId: number) => ({ SpecialToken: { id: token, type_id: typeId } });
  const sequence = (which: 'A' | 'B', typeId: number) => ({ Sequence: { id: which, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: specials.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0)],
      pair: [special('[CLS]', 0), sequence('A', 0), special('[SEP]', 0), sequence('B', 1), special('[SEP]', 1)],
      special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((t) => [t, { id: t, ids: [id(t)], tokens: [t] }])),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, i) => [token, i])),
    },
  };
}
