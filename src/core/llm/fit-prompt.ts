import type { ChatMessage } from './engine';

/** Put where text was cut out of a message. */
export const ELISION = '\n[…]\n';
/** Share of what is kept that comes from the start of the message; the rest is its end. */
const HEAD_SHARE = 0.25;
const MAX_ROUNDS = 8;
/** Completion budget when a caller gives none. */
const DEFAULT_MAX_TOKENS = 512;

/** The tokens a completion may use: the caller's budget (default 512), at least 1, at most half the context window. */
export function completionBudget(maxTokens: number | undefined, contextWindow: number): number {
  return Math.max(1, Math.min(maxTokens ?? DEFAULT_MAX_TOKENS, Math.floor(contextWindow / 2)));
}

export interface TokenCounter {
  /** Tokens of the whole prompt as the model sees it (chat template and generation prompt included). */
  prompt(messages: ChatMessage[]): number;
  /** Tokens of one piece of text. */
  text(text: string): number;
}

export class PromptTooLongError extends Error {
  readonly code = 'prompt-too-long';
  constructor(tokens: number, limit: number) {
    super(`the prompt needs ${tokens} tokens and cannot be cut to the ${limit} the model has room for`);
    this.name = 'PromptTooLongError';
  }
}

interface FittedPrompt {
  messages: ChatMessage[];
  tokens: number;
  truncated: boolean;
}

/**
 * Makes the prompt fit in `limit` tokens by cutting the longest user message in the middle:
 * its end (usually the question and instructions) and a little of its start are kept. Repeats,
 * on the then-longest user message, until it fits; throws PromptTooLongError when it cannot.
 */
export function fitMessages(messages: ChatMessage[], limit: number, count: TokenCounter): FittedPrompt {
  const current = messages.slice();
  const removed = new Map<number, number>();
  let tokens = count.prompt(current);
  for (let round = 0; tokens > limit && round < MAX_ROUNDS; round++) {
    const i = longestCuttableUser(messages, current, removed);
    if (i < 0) break;
    const original = messages[i].content;
    const text = current[i].content;
    const charsPerToken = text.length / Math.max(1, count.text(text));
    // A little more than the estimate, and more each round, so it converges in few rounds.
    const more = Math.ceil((tokens - limit + 2) * charsPerToken * (1 + 0.1 * round)) + (removed.has(i) ? 0 : ELISION.length);
    const total = Math.min(original.length, (removed.get(i) ?? 0) + Math.max(1, more));
    removed.set(i, total);
    current[i] = { ...current[i], content: cutMiddle(original, total) };
    tokens = count.prompt(current);
  }
  if (tokens > limit) throw new PromptTooLongError(tokens, limit);
  return { messages: current, tokens, truncated: removed.size > 0 };
}

/** `text` without `remove` characters from its middle (a quarter of the rest from the start, the remainder from the end). */
export function cutMiddle(text: string, remove: number): string {
  if (remove <= 0) return text;
  const keep = text.length - remove;
  if (keep <= 0) return ELISION.trim();
  const head = safeIndex(text, Math.floor(keep * HEAD_SHARE));
  const tail = safeIndex(text, text.length - (keep - Math.floor(keep * HEAD_SHARE)));
  return text.slice(0, head) + ELISION + text.slice(tail);
}

/** Moves an index off the second half of a surrogate pair, so no character is split. */
function safeIndex(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff ? i + 1 : i;
}

function longestCuttableUser(original: ChatMessage[], current: ChatMessage[], removed: Map<number, number>): number {
  let best = -1;
  for (let i = 0; i < current.length; i++) {
    if (current[i].role !== 'user' || (removed.get(i) ?? 0) >= original[i].content.length) continue;
    if (best < 0 || current[i].content.length > current[best].content.length) best = i;
  }
  return best;
}
