import { type ChatMessage, estimateTokens } from './engine';
import { fitMessages, type TokenCounter } from './fit-prompt';

/**
 * Token counts by estimate, for engines with no tokenizer to ask (WebLLM, wllama): ≈ 4
 * characters a token and a few per message for the chat template, times `scale` (raised
 * when the engine reports the estimated prompt still too long).
 */
function estimatedCounter(scale: number): TokenCounter {
  return {
    prompt: (messages) => Math.ceil(scale * estimatePromptTokens(messages)),
    text: (text) => Math.max(1, Math.ceil(scale * estimateTokens(text))),
  };
}

/** Estimated tokens of a whole prompt (≈ 4 characters a token, a few per message for the template). */
export function estimatePromptTokens(messages: ChatMessage[]): number {
  return messages.reduce((n, m) => n + 4 + estimateTokens(m.content), 8);
}

/** How an engine without a tokenizer tells that its (estimated) prompt was still too long. */
export interface Refit {
  /** Tries in all, the first included. */
  attempts: number;
  /** The prompt's real length when `e` says it overflowed the context; else undefined (no refit). */
  overflowTokens(e: unknown): number | undefined;
  /** What to throw for `e` when it is not refitted. */
  fail(e: unknown): unknown;
}

/**
 * Runs `task` on `messages` cut to fit `limit` tokens by estimate; when the engine reports the
 * prompt still too long, scales the estimate by its real count (and 5% more) and tries again.
 */
export async function fitByEstimate<T>(messages: ChatMessage[], limit: number, signal: AbortSignal | undefined, refit: Refit, task: (m: ChatMessage[]) => Promise<T>): Promise<T> {
  let scale = 1;
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const fit = fitMessages(messages, limit, estimatedCounter(scale));
    try {
      return await task(fit.messages);
    } catch (e) {
      const actual = refit.overflowTokens(e);
      if (actual === undefined || attempt >= refit.attempts) throw refit.fail(e);
      scale *= (actual / Math.max(1, fit.tokens)) * 1.05;
    }
  }
}
