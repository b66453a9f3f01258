import { describe, expect, it } from 'vitest';
import type { Inspection } from '../../services/library';
import { canGoNext, nextBlockedBecause, walkStatusText, walkSteps } from './walk-steps';

const withChunker = (chunker: unknown, threshold?: number, percentile?: number) => ({ document: { chunker }, threshold, percentile }) as unknown as Inspection;

describe('the walk-through’s steps', () => {
  it('has eight steps, the question third, and the ones after it need the answer', () => {
    const steps = walkSteps(undefined, [], undefined);
    expect(steps.map((s) => s.id)).toEqual(['sentences', 'chunks', 'question', 'candidates', 'duplicates', 'grades', 'segments', 'answer']);
    expect(steps.filter((s) => s.needsAnswer).map((s) => s.id)).toEqual(['candidates', 'duplicates', 'grades', 'segments', 'answer']);
  });

  it('explains the chunks for the chunker the sample was indexed with', () => {
    const chunks = (ins?: Inspection) => walkSteps(ins, [], undefined)[1].text;
    expect(chunks(withChunker({ kind: 'fixed', size: 800, overlap: 100 }))).toMatch(
      /^The fixed-size chunker \(chosen in Settings\) cuts every 800 characters, each chunk overlapping the last by 100/,
    );
    expect(chunks(withChunker({ kind: 'llm' }))).toMatch(/^The language model chose these boundaries/);
    expect(chunks(withChunker({ kind: 'semantic' }, 0.5))).toMatch(/^Consecutive sentences stay in one chunk while their similarity stays at or above θ \(0\.5\), /);
    expect(chunks(withChunker({ kind: 'semantic' }, 0.5, 20))).toContain('θ (0.500, the 20th percentile of this document’s similarities)');
    expect(chunks(undefined)).toMatch(/ at or above θ, and no chunk grows past its length limit\. Each chunk also gets a contextual header/);
  });

  it('goes on past the question only once it is answered, and not past the last step', () => {
    const steps = walkSteps(undefined, [], undefined);
    expect(canGoNext(0, steps, steps[0], false)).toBe(true);
    expect(canGoNext(2, steps, steps[2], false)).toBe(false);
    expect(canGoNext(2, steps, steps[2], true)).toBe(true);
    expect(canGoNext(7, steps, steps[7], true)).toBe(false);
    // and a disabled Next says why
    expect(nextBlockedBecause(2, steps, steps[2], false)).toMatch(/^Ask the question to go on/);
    expect(nextBlockedBecause(7, steps, steps[7], true)).toBe('This is the last step.');
    expect(nextBlockedBecause(2, steps, steps[2], true)).toBeUndefined();
  });

  it('says where the tour’s question is', () => {
    expect(walkStatusText({ status: 'running' })).toBe('Working…');
    expect(walkStatusText({ status: 'done' })).toBe('Answered: go on to see how.');
    expect(walkStatusText({ status: 'failed', error: 'no model' })).toBe('The question failed: no model');
    expect(walkStatusText({ status: 'failed' })).toBe('The question failed: unknown error');
    expect(walkStatusText({ status: 'cancelled' })).toBe('Cancelled.');
  });
});
