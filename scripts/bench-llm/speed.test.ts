import { describe, expect, it } from 'vitest';
import type { ChatMessage, GenerateOptions, Generation, LlmEngine } from '../../src/core/llm';
import { measureSpeed, median, promptOf, resultRow, sample } from './speed';

/** An engine whose llama.cpp timings are scripted: `evaluated` tokens in `promptMs`, `generated` in `decodeMs`. */
function timed(reply: (messages: ChatMessage[], o: GenerateOptions) => Partial<Generation['timings']>): LlmEngine {
  return {
    info: { engine: 'wllama', model: 'm', contextWindow: 4096 },
    async generate(messages, o = {}) {
      const t = { cachedTokens: 0, evaluatedTokens: 0, promptMs: 0, generatedTokens: 0, decodeMs: 0, ...reply(messages, o) };
      return { text: '', promptTokens: t.evaluatedTokens + t.cachedTokens, completionTokens: t.generatedTokens, finishReason: 'stop', timings: t };
    },
    async scoreNext() {
      throw new Error('not used');
    },
    dispose() {},
  };
}

describe('bench:llm arithmetic', () => {
  it('reads speeds from llama.cpp’s timings, not from the wall clock', async () => {
    const s = await sample(
      timed(() => ({ evaluatedTokens: 250, promptMs: 5000, generatedTokens: 64, decodeMs: 2000 })),
      promptOf(256, 1),
      64,
    );
    expect(s).toMatchObject({ evaluated: 250, promptTokPerSec: 50, generated: 64, decodeTokPerSec: 32 });
  });

  it('fails plainly for an engine that reports no timings', async () => {
    const engine = timed(() => ({}));
    engine.generate = async () => ({ text: '', promptTokens: 1, completionTokens: 1, finishReason: 'stop' });
    await expect(sample(engine, promptOf(256, 1), 1)).rejects.toThrow(/reported no timings/);
  });

  it('takes the first run as cold and the median of the rest as warm', async () => {
    let call = 0;
    const ms = [4000, 2000, 2500, 2200];
    const speed = await measureSpeed(
      timed(() => ({ evaluatedTokens: 200, promptMs: ms[call++ % 4], generatedTokens: 10, decodeMs: 1000 })),
      [256],
      10,
      4,
    );
    expect(speed.prompt[0].cold).toBe(50);
    expect(speed.prompt[0].warm).toBeCloseTo(median([100, 80, 200 / 2.2]), 6);
  });

  it('makes prompts of about the length asked, each opening differently so none reuses the last one’s cache', () => {
    const [a, b] = [promptOf(256, 1), promptOf(256, 2)];
    expect(a[0].content.length).toBeGreaterThan(900);
    expect(a[0].content.length).toBeLessThan(1100);
    expect(a[0].content.slice(0, 8)).not.toBe(b[0].content.slice(0, 8));
  });

  it('writes one --json row with the warm speeds beside native’s', () => {
    const app = { prompt: [{ tokens: 210, cold: 25, warm: 30 }], decode: { tokens: 64, cold: 20, warm: 21 } };
    const nat = { prompt: [{ tokens: 256, tokPerSec: 180 }], decode: { tokens: 64, tokPerSec: 50 } };
    expect(resultRow('qwen', 2, 'sieve', app, nat)).toMatchObject({
      model: 'qwen',
      threads: 2,
      promptTokPerSec: 30,
      decodeTokPerSec: 21,
      nativePromptTokPerSec: 180,
      nativeDecodeTokPerSec: 50,
    });
    expect(resultRow('qwen', 1, 'sieve', app, undefined)).toMatchObject({ nativePromptTokPerSec: null, nativeDecodeTokPerSec: null });
  });
});
