/**
 * The language-model interface every runtime (WebLLM, wllama, transformers.js, a Chromium host)
 * implements: chat generation with streaming and usage, next-token scores for split tokens, and
 * fitting a prompt into a model's context.
 */
export { ChatStreamTally, timingsOf } from './chat-stream';
export type { ChatStreamChoice, ChatUsage, ServerTimings } from './chat-stream';
export { estimateTokens } from './engine';
export type { ChatMessage, GenerateOptions, Generation, LlmEngine, LlmInfo, LlmTimings, NextTokenScores, ScoreSplitsOptions, SplitToken } from './engine';
export { completionBudget, fitMessages } from './fit-prompt';
export type { TokenCounter } from './fit-prompt';
export { estimatePromptTokens, fitByEstimate } from './prompt-estimate';
export type { Refit } from './prompt-estimate';
export { renormalise } from './renormalise';
export { scoresFromTopLogprobs } from './top-logprobs';
export type { TopLogprob } from './top-logprobs';
