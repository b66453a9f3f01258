import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, TopLogprob } from '../../core/llm';
import { TOP_LOGPROBS, WllamaEngine, type WllamaLike } from './engine';

/**
 * Mimics wllama's createChatCompletion: with stream + onData it hands over one chunk per
 * piece, checking abortSignal before each (as wllama polls llama.cpp), then a chunk with the
 * finish reason and one with usage; without stream it returns one completion with logprobs.
 * Counts a token per 2 characters and rejects prompts over its context the way llama.cpp does.
 */
class FakeWllama implements WllamaLike {
  readonly requests: Array<Record<string, any>> = [];
  readonly exit = vi.fn(async () => {});

  constructor(
    private readonly pieces: string[],
    private readonly options: { contextWindow?: number; top?: TopLogprob[]; usage?: boolean; onPiece?: (i: number) => void } = {},
  ) {}

  async createChatCompletion(request: Record<string, any>): Promise<unknown> {
    this.requests.push(request);
    const promptTokens = (request.messages as ChatMessage[]).reduce((n, m) => n + Math.ceil(m.content.length / 2), 0);
    const window = this.options.contextWindow ?? 4096;
    if (promptTokens > window) throw new Error(`request (${promptTokens} tokens) exceeds the available context size (${window} tokens), try increasing it`);
    const usage = this.options.usage === false ? undefined : { prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: promptTokens };
    if (!request.stream) {
      return {
        choices: [{ message: { role: 'assistant', content: '7' }, logprobs: { content: [{ token: '7', logprob: -1, top_logprobs: this.options.top ?? [] }] } }],
        usage: usage && { ...usage, completion_tokens: 1 },
      };
    }
    let n = 0;
    let finish = 'stop';
    for (const piece of this.pieces) {
      await new Promise((r) => setTimeout(r, 1));
      if (request.abortSignal?.aborted) throw Object.assign(new Error('Operation aborted'), { name: 'AbortError' });
      if (n >= request.max_tokens) {
        finish = 'length';
        break;
      }
      n++;
      request.onData({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      this.options.onPiece?.(n);
    }
    request.onData({ choices: [{ index: 0, delta: {}, finish_reason: finish }] });
    if (usage) request.onData({ choices: [], usage: { ...usage, completion_tokens: n } });
  }
}

const info = { engine: 'wllama' as const, model: 'SmolLM2 135M Instruct', contextWindow: 4096 };
const QUESTION: ChatMessage[] = [
  { role: 'system', content: 'Answer briefly.' },
  { role: 'user', content: 'Is revenue up?' },
];

describe('WllamaEngine.generate', () => {
  it('sends the chat messages for the GGUF template, streams each piece, returns llama.cpp’s token counts', async () => {
    const wllama = new FakeWllama(['Revenue', ' grew', ' 12%.']);
    const engine = new WllamaEngine(wllama, info);
    const pieces: string[] = [];
    const out = await engine.generate(QUESTION, { maxTokens: 50, onToken: (p) => pieces.push(p) });
    expect(pieces).toEqual(['Revenue', ' grew', ' 12%.']);
    expect(out).toEqual({ text: 'Revenue grew 12%.', promptTokens: 15, completionTokens: 3, finishReason: 'stop' });
    const request = wllama.requests[0];
    // The chat template is wllama's (llama.cpp's Jinja) business: the messages go as they are.
    expect(request).toMatchObject({ messages: QUESTION, stream: true, max_tokens: 50, temperature: 0, chat_template_kwargs: { enable_thinking: false } });
    expect(typeof request.onData).toBe('function');
    expect(request.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it('passes a temperature through and reports a cut at max_tokens as "length"', async () => {
    const wllama = new FakeWllama(['a', 'b', 'c', 'd']);
    const out = await new WllamaEngine(wllama, info).generate(QUESTION, { maxTokens: 2, temperature: 0.7 });
    expect(out).toMatchObject({ text: 'ab', completionTokens: 2, finishReason: 'length' });
    expect(wllama.requests[0].temperature).toBe(0.7);
  });

  it('estimates the token counts when llama.cpp reports no usage', async () => {
    const out = await new WllamaEngine(new FakeWllama(['x', 'y'], { usage: false }), info).generate(QUESTION);
    expect(out.completionTokens).toBe(2); // one per piece
    expect(out.promptTokens).toBe(8 + 4 + 4 + 4 + 4); // 8 + per message 4 + ⌈chars/4⌉
  });

  it('stops on abort, keeping the text so far, with finishReason "abort"', async () => {
    const controller = new AbortController();
    const wllama = new FakeWllama(['one', ' two', ' three', ' four'], { onPiece: (n) => n === 2 && controller.abort() });
    const pieces: string[] = [];
    const out = await new WllamaEngine(wllama, info).generate(QUESTION, { signal: controller.signal, onToken: (p) => pieces.push(p) });
    expect(out.text).toBe('one two');
    expect(out.finishReason).toBe('abort');
    expect(pieces).toEqual(['one', ' two']);
  });

  it('cuts an over-long prompt by estimate, then again by llama.cpp’s own count', async () => {
    const wllama = new FakeWllama(['ok'], { contextWindow: 300 });
    const long = 'word '.repeat(400); // 2000 chars: 500 estimated tokens, 1000 by the fake's count
    const out = await new WllamaEngine(wllama, { ...info, contextWindow: 300 }).generate([{ role: 'user', content: long }], { maxTokens: 20 });
    expect(out.text).toBe('ok');
    expect(wllama.requests.length).toBeGreaterThan(1);
    const sent = wllama.requests.at(-1)!.messages[0].content as string;
    expect(Math.ceil(sent.length / 2)).toBeLessThanOrEqual(300);
  });

  it('wraps other failures in a ModelLoadError naming the model', async () => {
    const wllama = { createChatCompletion: async () => Promise.reject(new Error('llama_decode failed')), exit: async () => {} };
    await expect(new WllamaEngine(wllama, info).generate(QUESTION)).rejects.toMatchObject({
      name: 'ModelLoadError',
      code: 'run',
      message: '"SmolLM2 135M Instruct" failed: llama_decode failed',
    });
  });
});

describe('WllamaEngine.scoreNext', () => {
  const lp = (token: string, p: number) => ({ token, logprob: Math.log(p) });

  it('asks for one greedy token with the top 20 log-probabilities and renormalises over the candidates', async () => {
    const top = [lp('7', 0.4), lp(' 8', 0.2), lp('The', 0.2), lp(' 7', 0.05), lp('\n', 0.05)];
    const wllama = new FakeWllama([], { top });
    const scores = await new WllamaEngine(wllama, info).scoreNext(QUESTION, ['6', '7', '8']);
    expect(wllama.requests[0]).toMatchObject({ messages: QUESTION, max_tokens: 1, temperature: 0, logprobs: true, top_logprobs: TOP_LOGPROBS });
    expect(TOP_LOGPROBS).toBe(20);
    expect(wllama.requests[0].stream).toBeUndefined();
    // " 7" counts for "7" and " 8" for "8"; "6" is not among the top tokens.
    expect(scores.probs['7']).toBeCloseTo(0.45 / 0.65, 6);
    expect(scores.probs['8']).toBeCloseTo(0.2 / 0.65, 6);
    expect(scores.probs['6']).toBe(0);
    expect(scores.coverage).toBeCloseTo(0.65, 6);
    expect(scores.promptTokens).toBe(15);
  });

  it('is uniform with zero coverage when no candidate is in the top list', async () => {
    const scores = await new WllamaEngine(new FakeWllama([], { top: [lp('Maybe', 0.9)] }), info).scoreNext(QUESTION, ['yes', 'no']);
    expect(scores).toMatchObject({ probs: { yes: 0.5, no: 0.5 }, coverage: 0 });
  });

  it('rejects when aborted before it runs', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(new WllamaEngine(new FakeWllama([]), info).scoreNext(QUESTION, ['yes'], { signal: controller.signal })).rejects.toThrow();
  });
});

describe('WllamaEngine.dispose', () => {
  it('stops a generation under way, then exits wllama', async () => {
    const wllama = new FakeWllama(['a', 'b', 'c', 'd', 'e']);
    const engine = new WllamaEngine(wllama, info);
    const running = engine.generate(QUESTION, { onToken: () => engine.dispose() });
    const out = await running;
    expect(out.finishReason).toBe('abort');
    expect(out.text).toBe('a');
    await vi.waitFor(() => expect(wllama.exit).toHaveBeenCalledTimes(1));
  });
});

describe('WllamaEngine.scoreSplits', () => {
  const tokens = [
    { start: 0, end: 4, logProb: -6 },
    { start: 4, end: 9, logProb: -0.2 },
  ];

  it('is offered exactly when the runtime can read split scores, with the split prompt ending in the window', async () => {
    expect(new WllamaEngine(new FakeWllama([]), info).scoreSplits).toBeUndefined();
    expect(new WllamaEngine(new FakeWllama([]), info).info.splitScores).toBe(false);
    const seen: string[][] = [];
    const runtime = Object.assign(new FakeWllama([]), {
      splitScores: async (content: string, windowText: string, splitChar: string) => (seen.push([content, windowText, splitChar]), tokens),
    });
    const engine = new WllamaEngine(runtime, info);
    expect(engine.info.splitScores).toBe(true);
    expect(await engine.scoreSplits!('Risk. Sales', { splitChar: '段' })).toEqual(tokens);
    expect(seen[0][0].endsWith('Risk. Sales')).toBe(true);
    expect(seen[0][0]).toContain('"段"');
    expect(seen[0].slice(1)).toEqual(['Risk. Sales', '段']);
  });

  it('reports a window too long for the context as such, and other failures as the model’s', async () => {
    const overflow = Object.assign(new FakeWllama([]), {
      splitScores: async () => {
        throw new Error('request (5000 tokens) exceeds the available context size (4096 tokens)');
      },
    });
    await expect(new WllamaEngine(overflow, info).scoreSplits!('text', { splitChar: '段' })).rejects.toMatchObject({ code: 'split-window-too-long', tokens: 5000 });
    const broken = Object.assign(new FakeWllama([]), {
      splitScores: async () => {
        throw new Error('the split character "段" is not one token for this model');
      },
    });
    await expect(new WllamaEngine(broken, info).scoreSplits!('text', { splitChar: '段' })).rejects.toThrow(/not one token/);
  });
});
