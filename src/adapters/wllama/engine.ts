import {
  type ChatMessage,
  type Generation,
  type GenerateOptions,
  type LlmEngine,
  type LlmInfo,
  type NextTokenScores,
  scoresFromTopLogprobs,
  type TopLogprob,
  ChatStreamTally,
  type ChatStreamChoice,
  type ChatUsage,
  completionBudget,
  estimatePromptTokens,
  fitByEstimate,
  type Refit,
  type ServerTimings,
  timingsOf,
  type ScoreSplitsOptions,
  type SplitToken,
} from '../../core/llm';
import { splitPrompt, SplitWindowTooLongError } from '../../core/llamachunk';
import { isAbort } from '../../core/abort';
import { Serial } from '../../core/serial';
import { toGgufError } from './errors';

/** Alternatives asked for per token (OpenAI's maximum, which llama.cpp's server also accepts). */
export const TOP_LOGPROBS = 20;
/** Tries when llama.cpp finds the (estimated) prompt still too long. */
const FIT_ATTEMPTS = 3;

/** The part of wllama's Wllama class this engine uses, so tests can pass a fake. */
export interface WllamaLike {
  createChatCompletion(request: Record<string, unknown>): Promise<unknown>;
  /**
   * LlamaChunk's model side, where the runtime can read the logits at every prompt position
   * (Sieve's own build can; wllama's cannot): the user message `content`, which ends with
   * `windowText`, through the chat template, and per window token its character range and
   * log P(splitChar) right after it.
   */
  splitScores?(content: string, windowText: string, splitChar: string, signal?: AbortSignal): Promise<SplitToken[]>;
  exit(): Promise<void>;
}

interface Chunk {
  choices?: ChatStreamChoice[];
  usage?: ChatUsage | null;
  timings?: ServerTimings;
}

interface Completion {
  choices?: Array<{ logprobs?: { content?: Array<{ top_logprobs?: TopLogprob[] }> | null } | null }>;
  usage?: ChatUsage;
  timings?: ServerTimings;
}

/**
 * Sent with every request. Templates of thinking models (Qwen3, …) honour enable_thinking;
 * the pipeline wants answers, not reasoning. Other templates ignore it.
 */
const REQUEST = { chat_template_kwargs: { enable_thinking: false } };

/**
 * An LlmEngine over wllama (llama.cpp in WebAssembly) and its OpenAI-style chat API, which
 * applies the GGUF's own chat template. Calls run one at a time. wllama 3 has no tokenizer
 * call, so prompts are fitted by estimate, and again by llama.cpp's count when it reports
 * the prompt too long.
 */
export class WllamaEngine implements LlmEngine {
  private readonly serial = new Serial();
  /** Aborted by dispose(), so a generation under way stops before the worker goes. */
  private readonly closing = new AbortController();

  readonly info: LlmInfo;
  /** Present when the runtime can score splits (LlamaChunk). */
  readonly scoreSplits?: (windowText: string, options: ScoreSplitsOptions) => Promise<SplitToken[]>;

  constructor(
    private readonly wllama: WllamaLike,
    info: LlmInfo,
  ) {
    const splitScores = wllama.splitScores?.bind(wllama);
    this.info = { ...info, splitScores: Boolean(splitScores) };
    if (splitScores) {
      this.scoreSplits = (windowText, { splitChar, signal }) =>
        this.serial.run(async () => {
          signal?.throwIfAborted();
          try {
            return await splitScores(splitPrompt(windowText, splitChar), windowText, splitChar, this.signal(signal));
          } catch (e) {
            if (isAbort(e, signal)) throw e;
            const tokens = overflowTokens(e);
            throw tokens === undefined ? toGgufError(e, this.info.model, {}, [], 'run') : new SplitWindowTooLongError(tokens, this.info.contextWindow);
          }
        });
    }
  }

  generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    const maxTokens = completionBudget(options.maxTokens, this.info.contextWindow);
    return this.serial.run(() => this.fitted(messages, maxTokens, options.signal, (fitted) => this.stream(fitted, maxTokens, options)));
  }

  scoreNext(messages: ChatMessage[], candidates: string[], options: { signal?: AbortSignal } = {}): Promise<NextTokenScores> {
    const { signal } = options;
    return this.serial.run(() =>
      this.fitted(messages, 1, signal, async (fitted) => {
        const reply = (await this.wllama.createChatCompletion({
          ...REQUEST,
          messages: fitted,
          max_tokens: 1,
          temperature: 0,
          logprobs: true,
          top_logprobs: TOP_LOGPROBS,
          abortSignal: this.signal(signal),
        })) as Completion;
        signal?.throwIfAborted();
        const top = reply.choices?.[0]?.logprobs?.content?.[0]?.top_logprobs ?? [];
        const timings = timingsOf(reply.timings);
        return { ...scoresFromTopLogprobs(top, candidates), promptTokens: reply.usage?.prompt_tokens ?? estimatePromptTokens(fitted), ...(timings ? { timings } : {}) };
      }),
    );
  }

  dispose(): void {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    void this.serial.run(() => this.wllama.exit());
  }

  /** Runs `task` on the prompt cut to fit; refits with llama.cpp's own token count if it still overflows. */
  private fitted<T>(messages: ChatMessage[], reserve: number, signal: AbortSignal | undefined, task: (m: ChatMessage[]) => Promise<T>): Promise<T> {
    const refit: Refit = {
      attempts: FIT_ATTEMPTS,
      overflowTokens: (e) => (isAbort(e, signal) ? undefined : overflowTokens(e)),
      fail: (e) => (isAbort(e, signal) ? e : toGgufError(e, this.info.model, {}, [], 'run')),
    };
    return fitByEstimate(messages, this.info.contextWindow - reserve, signal, refit, task);
  }

  private async stream(messages: ChatMessage[], maxTokens: number, options: GenerateOptions): Promise<Generation> {
    const { signal, onToken } = options;
    const tally = new ChatStreamTally(onToken);
    let aborted = false;
    try {
      await this.wllama.createChatCompletion({
        ...REQUEST,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: maxTokens,
        temperature: options.temperature ?? 0,
        abortSignal: this.signal(signal),
        onData: (chunk: Chunk) => tally.add(chunk.choices?.[0], chunk.usage, chunk.timings),
      });
    } catch (e) {
      if (!isAbort(e, signal) && !this.closing.signal.aborted) throw e;
      aborted = true;
    }
    const finishReason = aborted ? 'abort' : tally.finish === 'length' ? 'length' : 'stop';
    return tally.generation(finishReason, () => estimatePromptTokens(messages));
  }

  private signal(caller: AbortSignal | undefined): AbortSignal {
    return caller ? AbortSignal.any([caller, this.closing.signal]) : this.closing.signal;
  }
}

/** llama.cpp's server rejects an over-long prompt with its real length: "request (5000 tokens) exceeds the available context size (4096 tokens)". */
function overflowTokens(e: unknown): number | undefined {
  const m = /\((\d+) tokens\) exceeds the available context size/.exec(e instanceof Error ? e.message : String(e));
  return m ? Number(m[1]) : undefined;
}
