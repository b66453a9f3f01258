import { describe, expect, it } from 'vitest';
import type { LlmInfo } from '../llm';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { fitSources, generateAnswer } from './answer';
import type { AnswerSource } from './prompts';

const source = (n: number, score: number, word: string): AnswerSource => ({ n, label: `Doc ${n}`, relevance: 'high', score, text: `${word} `.repeat(80).trim() });
// Ends-first order, as the pipeline gives them: strongest at both ends, weakest in the middle.
const sources = [source(1, 0.9, 'alpha'), source(2, 0.3, 'bravo'), source(3, 0.5, 'charlie'), source(4, 0.8, 'delta')];

describe('fitSources', () => {
  it('keeps everything that fits', () => {
    expect(fitSources('q?', sources, 100_000)).toEqual({ kept: sources, dropped: [] });
  });

  it('leaves out whole sources, weakest first, and keeps the order of the rest', () => {
    const { kept, dropped } = fitSources('q?', sources, 500);
    expect(kept.map((s) => s.n)).toEqual([1, 4]);
    expect(dropped.map((s) => s.n)).toEqual([2, 3]);
  });

  it('always keeps the strongest source', () => {
    expect(fitSources('q?', sources, 10).kept.map((s) => s.n)).toEqual([1]);
  });
});

describe('generateAnswer in a small context window', () => {
  it('gives the model only the sources that fit, and says which were left out', async () => {
    const engine = new ScriptedEngine([{ match: /Question/, reply: 'Delta holds it [4].' }]);
    (engine as { info: LlmInfo }).info = { ...engine.info, contextWindow: 600 };
    const out = await generateAnswer(engine, 'Which one?', sources, { maxTokens: 100 });
    const prompt = engine.calls[0].messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('alpha');
    expect(prompt).toContain('delta');
    expect(prompt).not.toContain('bravo');
    expect(out.dropped).toEqual([2, 3]);
    // Citations keep the sources' own numbers, beyond the count of those given.
    expect(out.citations.map((c) => c.sources)).toEqual([[4]]);
  });
});
