import { describe, expect, it } from 'vitest';
import { relativeThreshold } from './threshold';
import { ask } from './ask';
import { DEFAULT_PIPELINE } from '../settings';
import { ferryDepsOver } from '../../testing/test-kb';

describe('relativeThreshold', () => {
  it('keeps grades within the given share of the best, whatever their spread', () => {
    const t = relativeThreshold([0.9, 0.8, 0.7, 0.5, 0.46, 0.44, 0.3], 0.5, 0.3);
    expect(t.rule).toBe('relative');
    expect(t.threshold).toBeCloseTo(0.45);
  });

  it('never goes below the floor', () => {
    const t = relativeThreshold([0.5, 0.2], 0.5, 0.3);
    expect(t).toMatchObject({ threshold: 0.3, rule: 'floor' });
    expect(relativeThreshold([], 0.5, 0.3)).toMatchObject({ threshold: 0.3, rule: 'floor' });
  });
});

describe('ask, retrieval-only threshold', () => {
  async function harbourDeps() {
    const sentences = Array.from({ length: 40 }, (_, i) => `The harbour fee for berth ${i + 1} is ${10 + i} dollars a night.`);
    return (await ferryDepsOver(sentences)).deps;
  }

  it('takes candidates to fill twice the budget and keeps those within half the best grade', async () => {
    const deps = await harbourDeps();
    const settings = { ...DEFAULT_PIPELINE, candidates: 5, contextBudget: 400 };
    const r = await ask('What is the harbour fee per night in dollars?', settings, deps);
    expect(r.rows.length).toBeGreaterThan(5);
    expect(r.rows.reduce((n, row) => n + row.chunk.text.length, 0)).toBeGreaterThanOrEqual(800);
    expect(r.threshold?.rule).toBe('relative');
    const kept = r.rows.filter((row) => row.verdict === 'kept' || row.verdict === 'over-budget');
    expect(kept.length).toBeGreaterThan(r.rows.length / 2);
    expect(r.rows.filter((row) => row.source !== undefined).reduce((n, row) => n + row.chunk.text.length, 0)).toBeLessThanOrEqual(400);
  });

  it('with relative 0 keeps ChunkRAG: N candidates and the dynamic threshold', async () => {
    const deps = await harbourDeps();
    const settings = { ...DEFAULT_PIPELINE, candidates: 5, contextBudget: 400, threshold: { ...DEFAULT_PIPELINE.threshold, relative: 0 } };
    const r = await ask('What is the harbour fee per night in dollars?', settings, deps);
    expect(r.rows).toHaveLength(5);
    expect(r.threshold?.rule).not.toBe('relative');
  });
});
