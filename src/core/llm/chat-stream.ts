import type { Generation, LlmTimings } from './engine';

/** Token counts as OpenAI-style chat APIs (WebLLM, llama.cpp's server) report them. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** llama.cpp's server's timings of a call (its last chunk carries them). */
export interface ServerTimings {
  cache_n?: number;
  prompt_n?: number;
  prompt_ms?: number;
  predicted_n?: number;
  predicted_ms?: number;
}

/** llama.cpp's timings as LlmTimings; undefined when the reply had none. */
export function timingsOf(t: ServerTimings | undefined): LlmTimings | undefined {
  if (!t || typeof t.prompt_n !== 'number') return undefined;
  return { cachedTokens: t.cache_n ?? 0, evaluatedTokens: t.prompt_n, promptMs: t.prompt_ms ?? 0, generatedTokens: t.predicted_n ?? 0, decodeMs: t.predicted_ms ?? 0 };
}

/** One choice of an OpenAI-style streamed chat chunk. */
export interface ChatStreamChoice {
  delta?: { content?: string | null };
  finish_reason?: string | null;
}

/** Gathers an OpenAI-style chat completion stream: its text (each piece passed on to `onToken`), finish reason and usage. */
export class ChatStreamTally {
  private text = '';
  private pieces = 0;
  /** The last finish reason the stream gave. */
  finish: string | null | undefined;
  private usage: ChatUsage | undefined;
  private timings: LlmTimings | undefined;

  constructor(private readonly onToken?: (piece: string) => void) {}

  /** Takes one chunk: its first choice and its usage, if any. */
  add(choice: ChatStreamChoice | undefined, usage: ChatUsage | null | undefined, timings?: ServerTimings): void {
    const piece = choice?.delta?.content;
    if (piece) {
      this.text += piece;
      this.pieces++;
      const onToken = this.onToken;
      onToken?.(piece);
    }
    if (choice?.finish_reason) this.finish = choice.finish_reason;
    if (usage) this.usage = usage;
    this.timings = timingsOf(timings) ?? this.timings;
  }

  /** The generation so far; counts the stream did not report are `promptTokens()` and the pieces received. */
  generation(finishReason: Generation['finishReason'], promptTokens: () => number): Generation {
    const usage = this.usage;
    const timings = this.timings ? { timings: this.timings } : {};
    return { text: this.text, promptTokens: usage?.prompt_tokens ?? promptTokens(), completionTokens: usage?.completion_tokens ?? this.pieces, finishReason, ...timings };
  }
}
