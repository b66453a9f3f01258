import {
  type ChatMessage,
  type Generation,
  type GenerateOptions,
  type LlmEngine,
  type LlmInfo,
  type NextTokenScores,
  type ScoreSplitsOptions,
  type SplitToken,
  estimateTokens,
} from '../core/llm';

/** A reply rule: when `match` finds the last user message, answer `reply` (a string or a function of it). */
interface ScriptedReply {
  match: RegExp;
  reply: string | ((prompt: string) => string);
}

export interface ScriptedDistribution {
  match: RegExp;
  /** Raw probabilities of candidate tokens; missing candidates get 0. */
  probs: Record<string, number> | ((prompt: string) => Record<string, number>);
}

interface ScriptedCall {
  kind: 'generate' | 'score' | 'splits';
  messages: ChatMessage[];
  candidates?: string[];
}

/** Scripted LlamaChunk scores: the split tokens for a window (see LlmEngine.scoreSplits). */
type ScriptedSplits = (windowText: string, splitChar: string) => SplitToken[];

/**
 * A deterministic engine for tests: replies and next-token distributions come from rules
 * matched against the last user message. Generated text is streamed word by word, and an
 * abort stops it between words, like a real engine between tokens. Tokens are counted as
 * words, so tests can compare costs between modes.
 */
export class ScriptedEngine implements LlmEngine {
  readonly info: LlmInfo = { engine: 'scripted', model: 'scripted', contextWindow: 4096 };
  readonly calls: ScriptedCall[] = [];
  /** Present only when the engine was given scripted split scores. */
  readonly scoreSplits?: (windowText: string, options: ScoreSplitsOptions) => Promise<SplitToken[]>;

  constructor(
    private readonly replies: ScriptedReply[] = [],
    private readonly distributions: ScriptedDistribution[] = [],
    private readonly fallbackReply = '',
    splits?: ScriptedSplits,
  ) {
    if (!splits) return;
    this.info = { ...this.info, splitScores: true };
    this.scoreSplits = async (windowText, { splitChar, signal }) => {
      this.calls.push({ kind: 'splits', messages: [{ role: 'user', content: windowText }] });
      signal?.throwIfAborted();
      await Promise.resolve();
      signal?.throwIfAborted();
      return splits(windowText, splitChar);
    };
  }

  async generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    this.calls.push({ kind: 'generate', messages });
    options.signal?.throwIfAborted();
    const prompt = lastUser(messages);
    const rule = this.replies.find((r) => r.match.test(prompt));
    const full = rule ? (typeof rule.reply === 'string' ? rule.reply : rule.reply(prompt)) : this.fallbackReply;
    const pieces = full.match(/\S+\s*|\s+/g) ?? [];
    const max = options.maxTokens ?? Infinity;
    let text = '';
    let count = 0;
    for (const piece of pieces) {
      if (count >= max) return this.done(messages, text, count, 'length');
      await Promise.resolve();
      if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('Aborted', 'AbortError');
      text += piece;
      count++;
      options.onToken?.(piece);
    }
    return this.done(messages, text, count, 'stop');
  }

  async scoreNext(messages: ChatMessage[], candidates: string[], options: { signal?: AbortSignal } = {}): Promise<NextTokenScores> {
    this.calls.push({ kind: 'score', messages, candidates });
    options.signal?.throwIfAborted();
    const prompt = lastUser(messages);
    const rule = this.distributions.find((d) => d.match.test(prompt));
    const raw = rule ? (typeof rule.probs === 'function' ? rule.probs(prompt) : rule.probs) : {};
    const picked = candidates.map((c) => Math.max(0, raw[c] ?? 0));
    const mass = picked.reduce((a, b) => a + b, 0);
    const probs = Object.fromEntries(candidates.map((c, i) => [c, mass > 0 ? picked[i] / mass : 1 / candidates.length]));
    return { probs, coverage: Math.min(1, mass), promptTokens: countTokens(messages) };
  }

  dispose(): void {}

  private done(messages: ChatMessage[], text: string, completionTokens: number, finishReason: Generation['finishReason']): Generation {
    return { text, promptTokens: countTokens(messages), completionTokens, finishReason };
  }
}

function lastUser(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'user') return messages[i].content;
  return '';
}

function countTokens(messages: ChatMessage[]): number {
  return messages.reduce((n, m) => n + estimateTokens(m.content), 0);
}
