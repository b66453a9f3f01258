import type { InterruptableStoppingCriteria, Tensor, TextGenerationPipeline, TextStreamer } from '@huggingface/transformers';
import {
  type ChatMessage,
  type Generation,
  type GenerateOptions,
  type LlmEngine,
  type LlmInfo,
  type NextTokenScores,
  type ScoreSplitsOptions,
  type SplitToken,
  completionBudget,
  fitMessages,
  type TokenCounter,
} from '../../core/llm';
import { splitPrompt } from '../../core/llamachunk';
import { scoresFromLogits } from './scores';
import { commonPrefix, splitLogProbs, SplitWindowTooLongError, windowTokenRanges } from './split-scorer';
import { Serial } from '../../core/serial';

/** The classes this engine needs from transformers.js, passed in so the library is imported lazily. */
interface TransformersRuntime {
  TextStreamer: typeof TextStreamer;
  InterruptableStoppingCriteria: typeof InterruptableStoppingCriteria;
  Tensor: typeof Tensor;
}

interface Encoded {
  input_ids: Tensor;
  attention_mask: Tensor;
}

/**
 * An LlmEngine over a transformers.js text-generation pipeline. Calls run one at a time; each
 * prompt goes through the model's chat template and is cut to fit the context window (see
 * fitMessages), because transformers.js would otherwise keep the start and drop the question.
 */
export class TransformersLlm implements LlmEngine {
  private readonly serial = new Serial();
  private readonly eos: Set<number>;

  constructor(
    readonly info: LlmInfo,
    private readonly generator: TextGenerationPipeline,
    private readonly runtime: TransformersRuntime,
  ) {
    const config = (generator.model.generation_config ?? generator.model.config) as { eos_token_id?: number | number[] | null };
    this.eos = new Set([config.eos_token_id ?? []].flat());
  }

  generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    return this.serial.run(() => this.runGenerate(messages, options));
  }

  scoreNext(messages: ChatMessage[], candidates: string[], options: { signal?: AbortSignal } = {}): Promise<NextTokenScores> {
    return this.serial.run(() => this.runScore(messages, candidates, options.signal));
  }

  /**
   * The split prompt goes through the chat template as the user message, and the tokens are cut
   * right after the window text: the end of the turn and the assistant start that follow cannot
   * change a causal model's logits at the window's positions, so they are not fed. Without a
   * template that keeps the message as is, the raw split prompt is used.
   */
  scoreSplits(windowText: string, options: ScoreSplitsOptions): Promise<SplitToken[]> {
    return this.serial.run(() => this.runSplits(windowText, options));
  }

  dispose(): void {
    void this.serial.run(() => this.generator.dispose());
  }

  private async runGenerate(messages: ChatMessage[], options: GenerateOptions): Promise<Generation> {
    const { signal, onToken, temperature = 0 } = options;
    signal?.throwIfAborted();
    const maxTokens = completionBudget(options.maxTokens, this.info.contextWindow);
    const inputs = this.encode(messages, this.info.contextWindow - maxTokens);
    const promptTokens = inputs.input_ids.dims[1];

    const stop = new this.runtime.InterruptableStoppingCriteria();
    const interrupt = () => stop.interrupt();
    signal?.addEventListener('abort', interrupt, { once: true });
    const streamer = onToken ? new this.runtime.TextStreamer(this.tokenizer, { skip_prompt: true, callback_function: (piece: string) => piece && onToken(piece) }) : undefined;
    try {
      const sequences = (await this.generator.model.generate({
        ...inputs,
        max_new_tokens: maxTokens,
        do_sample: temperature > 0,
        ...(temperature > 0 ? { temperature } : {}),
        streamer,
        stopping_criteria: stop,
      } as Parameters<TextGenerationPipeline['model']['generate']>[0])) as Tensor;
      const ids = (sequences.tolist() as bigint[][])[0].slice(promptTokens).map(Number);
      const text = this.tokenizer.decode(ids, { skip_special_tokens: true });
      const finishReason = stop.interrupted ? 'abort' : ids.length >= maxTokens && !this.eos.has(ids[ids.length - 1]) ? 'length' : 'stop';
      return { text, promptTokens, completionTokens: ids.length, finishReason };
    } finally {
      signal?.removeEventListener('abort', interrupt);
    }
  }

  private async runScore(messages: ChatMessage[], candidates: string[], signal?: AbortSignal): Promise<NextTokenScores> {
    signal?.throwIfAborted();
    const inputs = this.encode(messages, this.info.contextWindow - 1);
    // Exports that take num_logits_to_keep then return the last position's logits only,
    // not [seq × vocab] (gigabytes for a long prompt and a large vocabulary); others ignore it.
    const keepLast = new this.runtime.Tensor('int64', new BigInt64Array([1n]), []);
    const outputs = (await this.generator.model({ ...inputs, num_logits_to_keep: keepLast })) as Record<string, Tensor>;
    try {
      signal?.throwIfAborted();
      const last = outputs.logits.slice(null, -1, null).to('float32');
      const ids = candidates.map((c) => this.candidateId(c));
      const scores = scoresFromLogits(last.data as Float32Array, ids, candidates);
      last.dispose();
      return { ...scores, promptTokens: inputs.input_ids.dims[1] };
    } finally {
      // The present key/values may live on the GPU; nothing else frees them.
      for (const t of Object.values(outputs)) t.dispose();
    }
  }

  private async runSplits(windowText: string, { splitChar, signal }: ScoreSplitsOptions): Promise<SplitToken[]> {
    signal?.throwIfAborted();
    const splitId = this.splitTokenId(splitChar);
    if (!windowText) return [];
    const prefix = this.splitPrefix(windowText, splitChar);
    const fullText = prefix + windowText;
    const inputs = this.tokenizer(fullText, { add_special_tokens: false }) as unknown as Encoded;
    const ids = Array.from(inputs.input_ids.data as BigInt64Array, Number);
    if (ids.length > this.info.contextWindow) throw new SplitWindowTooLongError(ids.length, this.info.contextWindow);
    // Tokens shared with the prompt alone are prompt; a token merged across the junction is the window's.
    const from = Math.min(commonPrefix(this.tokenizer.encode(prefix, { add_special_tokens: false }), ids), ids.length - 1);
    const ranges = windowTokenRanges(ids, from, fullText, prefix.length, (part) => this.tokenizer.decode(part, { skip_special_tokens: false }));
    const keep = ids.length - from;
    const keepRows = new this.runtime.Tensor('int64', new BigInt64Array([BigInt(keep)]), []);
    const outputs = (await this.generator.model({ ...inputs, num_logits_to_keep: keepRows })) as Record<string, Tensor>;
    try {
      signal?.throwIfAborted();
      const [, rows, vocab] = outputs.logits.dims;
      const tail = outputs.logits.slice(null, [rows - keep, rows], null).to('float32');
      const logProbs = splitLogProbs(tail.data as Float32Array, keep, vocab, splitId);
      tail.dispose();
      return ranges.map((r) => ({ start: r.start, end: r.end, logProb: logProbs[r.index - from] }));
    } finally {
      for (const t of Object.values(outputs)) t.dispose();
    }
  }

  /** The chat-templated split prompt up to where the window text begins. */
  private splitPrefix(windowText: string, splitChar: string): string {
    const body = splitPrompt(windowText, splitChar);
    const instruction = body.slice(0, body.length - windowText.length);
    const templated = this.template([{ role: 'user', content: body }]);
    const at = templated.indexOf(body);
    return at >= 0 ? templated.slice(0, at) + instruction : instruction;
  }

  /** The split character's token id; throws unless it is one token (a SentencePiece word marker aside). */
  private splitTokenId(splitChar: string): number {
    const ids = this.tokenizer.encode(splitChar, { add_special_tokens: false });
    const own = ids.filter((id) => this.tokenizer.decode([id], { skip_special_tokens: true }).trim() !== '');
    if (own.length !== 1 || this.tokenizer.decode(own, { skip_special_tokens: true }).trim() !== splitChar.trim()) {
      throw new Error(
        `the split character "${splitChar}" is ${ids.length} tokens for ${this.info.model}, not one; LLM-boundary chunking needs a split character the tokenizer keeps whole`,
      );
    }
    return own[0];
  }

  /**
   * The token a candidate such as "7" is generated as. SentencePiece tokenizers prefix a word
   * marker ("▁7" or "▁", "7"), so the candidate's own token is the last one, checked by
   * decoding it; the first token is the fallback.
   */
  private candidateId(candidate: string): number {
    const ids = this.tokenizer.encode(candidate, { add_special_tokens: false });
    for (let i = ids.length - 1; i >= 0; i--) {
      if (this.tokenizer.decode([ids[i]], { skip_special_tokens: true }).trim() === candidate.trim()) return ids[i];
    }
    return ids[0];
  }

  /** Chat template with the generation prompt, cut to `limit` tokens, tokenized. */
  private encode(messages: ChatMessage[], limit: number): Encoded {
    const fitted = fitMessages(messages, limit, this.counter);
    return this.tokenizer(this.template(fitted.messages), { add_special_tokens: false }) as unknown as Encoded;
  }

  private readonly counter: TokenCounter = {
    prompt: (messages) => this.tokenizer.encode(this.template(messages), { add_special_tokens: false }).length,
    text: (text) => this.tokenizer.encode(text, { add_special_tokens: false }).length,
  };

  private template(messages: ChatMessage[]): string {
    // Qwen3-style templates think first unless told not to; a grade must be the first token.
    return this.tokenizer.apply_chat_template(messages, { tokenize: false, add_generation_prompt: true, enable_thinking: false } as never) as unknown as string;
  }

  private get tokenizer() {
    return this.generator.tokenizer;
  }
}
