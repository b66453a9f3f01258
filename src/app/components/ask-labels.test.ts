import { describe, expect, it } from 'vitest';
import type { CandidateRow } from '../../core/pipeline';
import type { QuestionState } from '../state';
import { askStatusLabel, formatTokens, leadSources } from './ask-labels';

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
