import { describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../core/pipeline';
import type { LlmStatus, QuestionState } from '../state';
import { askModeLabel, askStatusLabel, formatTokens, leadSources } from './ask-labels';

const row = (rank: number, source?: number) => ({ rank, source, chunk: { id: `c${rank}` } }) as CandidateRow;

describe('leadSources', () => {
  it('keeps the best-ranked row of each source number, in source order, and leaves out rows without one', () => {
    const lead = leadSources([row(4, 2), row(1, 2), row(3), row(2, 1)]);
    expect(lead.map((r) => [r.source, r.rank])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});

describe('askStatusLabel', () => {
  const q = (over: Partial<QuestionState>) => ({ question: 'Why?', status: 'done', stages: [], rows: [], answer: '', cancel() {}, ...over }) as QuestionState;

  it('says how the question ended', () => {
    expect(askStatusLabel(q({ status: 'cancelled' }))).toBe('Cancelled.');
    expect(askStatusLabel(q({ status: 'failed' }))).toBe('The question failed: unknown error');
    expect(askStatusLabel(q({ status: 'done' }))).toBe('Answered “Why?”.');
    expect(askStatusLabel(q({ status: 'done', firstWordsSeconds: 38.2 }))).toBe('Answered “Why?”. First words after 38 s.');
  });

  it('adds the judge’s announced cost while it judges', () => {
    expect(askStatusLabel(q({ status: 'running', stage: 'judge', judgeCost: { calls: 3, promptTokens: 9000, generatedTokens: 2000 } as QuestionState['judgeCost'] }))).toMatch(
      /\(about 3 calls, 11k tokens\)$/,
    );
  });
});

describe('formatTokens', () => {
  it('rounds to thousands from ten thousand on', () => {
    expect(formatTokens(10_400)).toBe('10k');
    expect(formatTokens(950)).toBe('950');
  });
});

describe('askModeLabel', () => {
  const llm = { state: 'ready', info: { model: 'qwen2.5-coder-0.5b', engine: 'wllama', contextWindow: 4096 } } as unknown as LlmStatus;
  const used = (stage: string, calls: number) => ({ stage, ms: 1, usage: { calls, promptTokens: 0, generatedTokens: 0 }, detail: {} });
  const done = (mode: string, extractive: boolean, stages: unknown[] = []) =>
    ({
      question: 'Why?',
      status: 'done',
      stages,
      rows: [],
      answer: '',
      cancel() {},
      result: { mode, model: 'Qwen2.5-Coder 0.5B', answer: { extractive } },
    }) as unknown as QuestionState;

  it('names the model as the writer only when it wrote the answer shown, else the stages it ran', () => {
    expect(askModeLabel(llm, 'Qwen2.5-Coder 0.5B', done('llm', false), true)).toBe('Answered by Qwen2.5-Coder 0.5B');
    // The model graded passages, but the answer shown is Sieve's own (quoted or computed).
    expect(askModeLabel(llm, 'Qwen2.5-Coder 0.5B', done('llm', true, [used('rewrite', 1), used('grade', 12), used('retrieve', 0)]), true)).toBe(
      "Sieve's own answer; Qwen2.5-Coder 0.5B rewrote the question and graded the passages",
    );
    expect(askModeLabel(llm, 'Qwen2.5-Coder 0.5B', done('llm', true, [used('rewrite', 0), used('choose', 1), used('answer', 1)]), true)).toBe(
      "Sieve's own answer; Qwen2.5-Coder 0.5B weighed Yes against No and wrote a reply that was not shown",
    );
    expect(askModeLabel(llm, 'Qwen2.5-Coder 0.5B', done('llm', true, [used('pick', 1)]), true)).toBe(
      "Sieve's own answer; Qwen2.5-Coder 0.5B weighed which sentence answers the question",
    );
    // The model's Yes or No led: said as the model's.
    const led = done('llm', true, [used('choose', 1)]);
    (led.result as { lead?: unknown }).lead = { kind: 'verdict chosen by the model', states: true };
    expect(askModeLabel(llm, 'Qwen2.5-Coder 1.5B', led, true)).toBe("The Yes or No chosen by Qwen2.5-Coder 1.5B; the rest is Sieve's own");
    // The stages skipped the model (it only reads, and nothing was read): it is not said to have helped.
    expect(askModeLabel(llm, 'Qwen2.5-Coder 0.5B', done('llm', true, [used('rewrite', 0)]), true)).toBe("Sieve's own answer; Qwen2.5-Coder 0.5B was not needed for this question");
    expect(askModeLabel(llm, 'Qwen2.5-Coder 0.5B', done('retrieval-only', true), true)).toBe('Retrieval-only (no language model)');
  });
});
