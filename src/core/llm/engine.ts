/**
 * What every LLM runtime (WebLLM, transformers.js, a scripted test engine) offers the
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
}

export interface NextTokenScores {
  /** Probability of each candidate as the next token, renormalised over the candidates. */
  probs: Record<string, number>;
  /** Share of the model's probability mass the candidates held before renormalising (0–1). */
  coverage: number;
  promptTokens: number;
}

export interface LlmInfo {
  engine: 'webllm' | 'transformers' | 'scripted';
  model: string;
  /** Prompt + completion tokens the model accepts. */
  contextWindow: number;
}

export interface LlmEngine {
  readonly info: LlmInfo;
  generate(messages: ChatMessage[], options?: GenerateOptions): Promise<Generation>;
  /**
   * Distribution of the first assistant token over `candidates` (strings the tokenizer maps to
   * a single token, e.g. "0"…"9", "yes", "no").
   */
  scoreNext(messages: ChatMessage[], candidates: string[], options?: { signal?: AbortSignal }): Promise<NextTokenScores>;
  dispose(): void;
}

/** Rough token count for budgeting and cost estimates when no tokenizer is at hand (≈ 4 chars per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
