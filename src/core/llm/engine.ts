/**
 * What every LLM runtime (WebLLM, transformers.js, llama.cpp, a scripted test engine) offers the
 * pipeline: chat generation with streaming and abort, and next-token scoring, the
 * probability the model gives each of a few candidate continuations as its first token,
 * read from one forward pass without generating text.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateOptions {
  maxTokens?: number;
  /** 0 = greedy (the default for every pipeline stage). */
  temperature?: number;
  signal?: AbortSignal;
  /** Called with each new piece of text as it is generated. */
  onToken?: (piece: string) => void;
}

export interface Generation {
  text: string;
  promptTokens: number;
  completionTokens: number;
  finishReason: 'stop' | 'length' | 'abort';
  /** What the engine measured, where it reports it (llama.cpp does). */
  timings?: LlmTimings;
}

/**
 * One call's work as the engine measured it: prompt tokens taken from its cache (a prefix shared
 * with the call before) and those it evaluated, and the milliseconds each phase took.
 */
export interface LlmTimings {
  cachedTokens: number;
  evaluatedTokens: number;
  promptMs: number;
  generatedTokens: number;
  decodeMs: number;
}

export interface NextTokenScores {
  /** Probability of each candidate as the next token, renormalised over the candidates. */
  probs: Record<string, number>;
  /** Share of the model's probability mass the candidates held before renormalising (0–1). */
  coverage: number;
  promptTokens: number;
  timings?: LlmTimings;
}

export interface LlmInfo {
  engine: 'webllm' | 'transformers' | 'wllama' | 'scripted';
  model: string;
  /** Prompt + completion tokens the model accepts. */
  contextWindow: number;
  /**
   * The engine implements scoreSplits (it can read the logits at every prompt position). Set
   * by the engine; an engine behind a worker port offers scoreSplits only when this is true.
   */
  splitScores?: boolean;
  /** Tokens in the model's vocabulary, when known (a row of logits holds this many numbers). */
  vocabSize?: number;
}

/** One scored token of a window: [start, end) in the window text, log P(split char) right after it. */
export interface SplitToken {
  start: number;
  end: number;
  logProb: number;
}

export interface ScoreSplitsOptions {
  /** The character the model is asked to write at section ends; it must be exactly one token. */
  splitChar: string;
  signal?: AbortSignal;
}

export interface LlmEngine {
  readonly info: LlmInfo;
  generate(messages: ChatMessage[], options?: GenerateOptions): Promise<Generation>;
  /**
   * Distribution of the first assistant token over `candidates` (strings the tokenizer maps to
   * a single token, e.g. "0"…"9", "yes", "no").
   */
  scoreNext(messages: ChatMessage[], candidates: string[], options?: { signal?: AbortSignal }): Promise<NextTokenScores>;
  /**
   * LlamaChunk's model side (optional: engines that cannot read logits at every prompt position,
   * such as WebLLM, leave it out). Feeds the split prompt ending with `windowText` (see
   * splitPrompt in core/llamachunk) through the model in ONE forward pass, no generation, and
   * returns one entry per token of the window text, in order: its [start, end) range in
   * `windowText` (the ranges tile the text; a token that straddles the prompt/window junction
   * starts at 0) and log P(splitChar | everything up to and including that token). Throws when
   * `splitChar` is not a single token, or when prompt + window exceed the context window.
   */
  scoreSplits?(windowText: string, options: ScoreSplitsOptions): Promise<SplitToken[]>;
  dispose(): void;
}

/** Rough token count for budgeting and cost estimates when no tokenizer is at hand (≈ 4 chars per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
