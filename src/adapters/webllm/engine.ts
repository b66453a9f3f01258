import {
  type ChatMessage,
  type Generation,
  type GenerateOptions,
  type LlmEngine,
  type LlmInfo,
  type NextTokenScores,
  completionBudget,
  estimatePromptTokens,
  fitByEstimate,
  type Refit,
  scoresFromTopLogprobs,
  type TopLogprob,
  ChatStreamTally,
  type ChatStreamChoice,
  type ChatUsage,
} from '../../core/llm';
import { isAbort } from '../../core/abort';
import { Serial } from '../../core/serial';
import { toWebLlmError } from './errors';

/** WebLLM returns at most this many alternatives per token. */
const TOP_LOGPROBS = 5;
/** Tries when WebLLM finds the (estimated) prompt still too long. */
const FIT_ATTEMPTS = 3;

/** The part of MLCEngine this wrapper uses, so tests can pass a fake. */
export interface MlcEngineLike {
  chat: { completions: { create(request: Record<string, unknown>): Promise<unknown> } };
  interruptGenerate(): void | Promise<void>;
  unload(): Promise<void>;
}

interface Chunk {
  choices: ChatStreamChoice[];
  usage?: ChatUsage;
}

interface Completion {
  choices: Array<{ logprobs?: { content?: Array<{ top_logprobs?: TopLogprob[] }> | null } | null }>;
  usage?: ChatUsage;
}

interface WebLlmEngineOptions {
  /** Qwen3 thinks aloud unless told not to; the pipeline wants answers. */
  disableThinking?: boolean;
}

/**
 * An LlmEngine over WebLLM's OpenAI-style API. Calls run one at a time. WebLLM has no public
 * tokenizer, so prompts are fitted to the context window by estimate, and again by WebLLM's
 * own count when it reports the prompt too long.
 */
export class WebLlmEngine implements LlmEngine {
  private readonly serial = new Serial();

  constructor(
    private readonly mlc: MlcEngineLike,
    readonly info: LlmInfo,
    private readonly options: WebLlmEngineOptions = {},
  ) {}

  generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    const maxTokens = completionBudget(options.maxTokens, this.info.contextWindow);
    return this.serial.run(() => this.fitted(messages, maxTokens, options.signal, (fitted) => this.stream(fitted, maxTokens, options)));
  }

  scoreNext(messages: ChatMessage[], candidates: string[], options: { signal?: AbortSignal } = {}): Promise<NextTokenScores> {
    return this.serial.run(() =>
      this.fitted(messages, 1, options.signal, async (fitted) => {
        const reply = (await this.mlc.chat.completions.create({
          ...this.extra(),
          messages: fitted,
          max_tokens: 1,
          temperature: 1,
          top_p: 1,
          repetition_penalty: 1,
          frequency_penalty: 0,
          presence_penalty: 0,
          logprobs: true,
          top_logprobs: TOP_LOGPROBS,
        })) as Completion;
        options.signal?.throwIfAborted();
        const top = reply.choices[0]?.logprobs?.content?.[0]?.top_logprobs ?? [];
        return { ...scoresFromTopLogprobs(top, candidates), promptTokens: reply.usage?.prompt_tokens ?? estimatePromptTokens(fitted) };
      }),
    );
  }

  dispose(): void {
    void this.serial.run(() => this.mlc.unload());
  }

  /** Runs `task` on the prompt cut to fit; refits with WebLLM's own token count if it still overflows. */
  private fitted<T>(messages: ChatMessage[], reserve: number, signal: AbortSignal | undefined, task: (m: ChatMessage[]) => Promise<T>): Promise<T> {
    const refit: Refit = {
      attempts: FIT_ATTEMPTS,
      overflowTokens,
      fail: (e) => (isAbort(e) ? e : toWebLlmError(e, this.info.model, 'run')),
    };
    return fitByEstimate(messages, this.info.contextWindow - reserve, signal, refit, task);
  }

  private async stream(messages: ChatMessage[], maxTokens: number, options: GenerateOptions): Promise<Generation> {
    const { signal, onToken } = options;
    let interrupted = false;
    const interrupt = () => {
      interrupted = true;
      void this.mlc.interruptGenerate();
    };
    signal?.addEventListener('abort', interrupt, { once: true });
    const tally = new ChatStreamTally(onToken);
    try {
      const chunks = (await this.mlc.chat.completions.create({
        ...this.extra(),
        messages,
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: maxTokens,
        temperature: options.temperature ?? 0,
      })) as AsyncIterable<Chunk>;
      for await (const chunk of chunks) {
        // WebLLM clears its interrupt flag when generation starts, so an abort that came while
        // the request was being set up is repeated until the stream ends.
        if (signal?.aborted) interrupt();
        tally.add(chunk.choices[0], chunk.usage);
      }
    } finally {
      signal?.removeEventListener('abort', interrupt);
    }
    const finishReason = interrupted || tally.finish === 'abort' ? 'abort' : tally.finish === 'length' ? 'length' : 'stop';
    return tally.generation(finishReason, () => estimatePromptTokens(messages));
  }

  private extra(): Record<string, unknown> {
    return this.options.disableThinking ? { extra_body: { enable_thinking: false } } : {};
  }
}

/** WebLLM's ContextWindowSizeExceededError carries the real prompt length. */
function overflowTokens(e: unknown): number | undefined {
  if (!(e instanceof Error) || e.name !== 'ContextWindowSizeExceededError') return undefined;
  const m = /number of prompt tokens: (\d+)/.exec(e.message);
  return m ? Number(m[1]) : undefined;
}
