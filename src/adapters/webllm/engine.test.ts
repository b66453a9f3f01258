import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, TopLogprob } from '../../core/llm';
import { WebLlmEngine, type MlcEngineLike } from './engine';

/**
 * Mimics MLCEngine's chat.completions.create: streams one chunk per piece, then a chunk with
 * the finish reason and one with usage; stops early with 'abort' after interruptGenerate().
 * Counts a token per 2 characters and rejects prompts over its context window the way WebLLM does.
 */
class FakeMlc implements MlcEngineLike {
  readonly requests: Array<Record<string, any>> = [];
  readonly unload = vi.fn(async () => {});
  private interrupted = false;

  constructor(
    private readonly pieces: string[],
    private readonly options: { contextWindow?: number; top?: TopLogprob[] } = {},
  ) {}

  chat = {
    completions: {
      create: async (request: Record<string, any>): Promise<unknown> => {
        this.requests.push(request);
        this.interrupted = false;
        const promptTokens = (request.messages as ChatMessage[]).reduce((n, m) => n + Math.ceil(m.content.length / 2), 0);
        const window = this.options.contextWindow ?? 4096;
        if (promptTokens > window) {
          const e = new Error(`Prompt tokens exceed context window size: number of prompt tokens: ${promptTokens}; context window size: ${window}`);
          e.name = 'ContextWindowSizeExceededError';
          throw e;
        }
        if (!request.stream) {
          return { choices: [{ logprobs: { content: [{ top_logprobs: this.options.top ?? [] }] } }], usage: { prompt_tokens: promptTokens, completion_tokens: 1 } };
        }
        return this.stream(request, promptTokens);
      },
    },
  };

  interruptGenerate(): void {
    this.interrupted = true;
  }

  private async *stream(request: Record<string, any>, promptTokens: number) {
    let n = 0;
    let finish = 'stop';
    for (const piece of this.pieces) {
      await new Promise((r) => setTimeout(r, 1));
      if (this.interrupted) {
        finish = 'abort';
        break;
      }
      if (n >= request.max_tokens) {
        finish = 'length';
        break;
      }
      n++;
      yield { choices: [{ delta: { content: piece, role: 'assistant' }, finish_reason: null }] };
    }
    yield { choices: [{ delta: {}, finish_reason: finish }] };
    if (request.stream_options?.include_usage) yield { choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: n } };
  }
}

const info = { engine: 'webllm' as const, model: 'fake-q4f32_1-MLC', contextWindow: 4096 };
const QUESTION: ChatMessage[] = [
  { role: 'system', content: 'Answer briefly.' },
  { role: 'user', content: 'Is revenue up?' },
];

describe('WebLlmEngine.generate', () => {
  it('streams each piece, returns the text and WebLLM’s token counts, greedy by default', async () => {
    const mlc = new FakeMlc(['Revenue', ' grew', ' 12%.']);
    const engine = new WebLlmEngine(mlc, info);
    const pieces: string[] = [];
    const out = await engine.generate(QUESTION, { maxTokens: 50, onToken: (p) => pieces.push(p) });
    expect(pieces).toEqual(['Revenue', ' grew', ' 12%.']);
    expect(out).toEqual({ text: 'Revenue grew 12%.', promptTokens: 15, completionTokens: 3, finishReason: 'stop' });
    expect(mlc.requests[0]).toMatchObject({ messages: QUESTION, stream: true, stream_options: { include_usage: true }, max_tokens: 50, temperature: 0 });
  });

  it('reports "length" at maxTokens', async () => {
    const out = await new WebLlmEngine(new FakeMlc(['a', 'b', 'c', 'd']), info).generate(QUESTION, { maxTokens: 2 });
    expect(out).toMatchObject({ text: 'ab', completionTokens: 2, finishReason: 'length' });
  });

  it('interrupts WebLLM when the signal aborts and reports "abort"; refuses an aborted signal', async () => {
    const mlc = new FakeMlc(Array.from({ length: 100 }, (_, i) => `w${i} `));
    const spy = vi.spyOn(mlc, 'interruptGenerate');
    const ac = new AbortController();
    const pieces: string[] = [];
    const out = await new WebLlmEngine(mlc, info).generate(QUESTION, {
      signal: ac.signal,
      onToken: (p) => {
        pieces.push(p);
        if (pieces.length === 3) ac.abort();
      },
    });
    expect(spy).toHaveBeenCalled();
    expect(out.finishReason).toBe('abort');
    expect(out.text).toBe('w0 w1 w2 ');
    await expect(new WebLlmEngine(mlc, info).generate(QUESTION, { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('cuts the longest user message to fit, and refits by WebLLM’s own count when its estimate was short', async () => {
    // 2 characters a token: the 4-characters-a-token estimate is half the truth.
    const mlc = new FakeMlc(['ok'], { contextWindow: 1000 });
    const engine = new WebLlmEngine(mlc, { ...info, contextWindow: 1000 });
    const long = `START ${'x'.repeat(6000)} QUESTION?`;
    const out = await engine.generate(
      [
        { role: 'system', content: 'S' },
        { role: 'user', content: long },
      ],
      { maxTokens: 100 },
    );
    expect(out.text).toBe('ok');
    expect(mlc.requests.length).toBeGreaterThan(1);
    const sent = mlc.requests.at(-1)!.messages[1].content as string;
    expect(sent.endsWith('QUESTION?')).toBe(true);
    expect(sent.startsWith('START')).toBe(true);
    expect(sent).toContain('[…]');
    expect(out.promptTokens).toBeLessThanOrEqual(1000);
  });

  it('maps other failures to a ModelLoadError naming the model', async () => {
    const mlc = new FakeMlc([]);
    mlc.chat.completions.create = async () => {
      throw Object.assign(new Error('device lost'), { name: 'DeviceLostError' });
    };
    await expect(new WebLlmEngine(mlc, info).generate(QUESTION)).rejects.toMatchObject({ name: 'ModelLoadError', code: 'device-lost', model: info.model });
  });

  it('asks Qwen3 not to think when told to', async () => {
    const mlc = new FakeMlc(['x']);
    await new WebLlmEngine(mlc, info, { disableThinking: true }).generate(QUESTION);
    expect(mlc.requests[0].extra_body).toEqual({ enable_thinking: false });
  });
});

describe('WebLlmEngine.scoreNext', () => {
  it('asks for one token with top-5 logprobs at temperature 1 and renormalises over the candidates', async () => {
    const top = [
      { token: 'yes', logprob: Math.log(0.6) },
      { token: 'no', logprob: Math.log(0.2) },
      { token: 'Yes', logprob: Math.log(0.1) },
    ];
    const mlc = new FakeMlc([], { top });
    const s = await new WebLlmEngine(mlc, info).scoreNext(QUESTION, ['yes', 'no']);
    expect(s.probs.yes).toBeCloseTo(0.75, 6);
    expect(s.probs.no).toBeCloseTo(0.25, 6);
    expect(s.coverage).toBeCloseTo(0.8, 6);
    expect(s.promptTokens).toBe(15);
    expect(mlc.requests[0]).toMatchObject({ max_tokens: 1, temperature: 1, top_p: 1, logprobs: true, top_logprobs: 5 });
    expect(mlc.requests[0].stream).toBeUndefined();
  });
});

describe('WebLlmEngine', () => {
  it('runs calls one at a time and unloads on dispose', async () => {
    const mlc = new FakeMlc(['a', 'b']);
    let active = 0;
    let most = 0;
    const create = mlc.chat.completions.create;
    mlc.chat.completions.create = async (r) => {
      most = Math.max(most, ++active);
      try {
        const out = await create(r);
        await new Promise((res) => setTimeout(res, 5));
        return out;
      } finally {
        active--;
      }
    };
    const engine = new WebLlmEngine(mlc, info);
    await Promise.all([engine.scoreNext(QUESTION, ['a']), engine.scoreNext(QUESTION, ['b']), engine.scoreNext(QUESTION, ['c'])]);
    expect(most).toBe(1);
    engine.dispose();
    await vi.waitFor(() => expect(mlc.unload).toHaveBeenCalled());
  });
});
