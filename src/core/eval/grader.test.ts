import { describe, expect, it } from 'vitest';
import { graderQuality, keepAgreement, rocAuc, stageTable, type LlmRunStats } from './grader';

describe('rocAuc', () => {
  it('is 1 for a perfect ranking, 0 for a reversed one and 0.5 for all ties', () => {
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [true, true, false, false])).toBe(1);
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [true, true, false, false])).toBe(0);
    expect(rocAuc([0.5, 0.5, 0.5], [true, false, false])).toBe(0.5);
  });

  it('counts ties between classes as half', () => {
    // pairs (pos, neg): (0.7,0.7) tie = 0.5, (0.7,0.1) win = 1 → 1.5 / 2
    expect(rocAuc([0.7, 0.7, 0.1], [true, false, false])).toBeCloseTo(0.75);
  });

  it('is undefined without both classes', () => {
    expect(rocAuc([0.3, 0.4], [true, true])).toBeUndefined();
    expect(rocAuc([], [])).toBeUndefined();
  });
});

const run = (cands: Array<[string, boolean, number, number | undefined, boolean]>, stages: LlmRunStats['stages'] = []): LlmRunStats => ({
  ms: 0,
  stages,
  candidates: cands.map(([chunkId, onEvidence, retrieval, final, kept]) => ({ chunkId, onEvidence, retrieval, base: final, final, kept })),
});

describe('graderQuality', () => {
  it('scores each signal only over the candidates that carry it', () => {
    const q = graderQuality([
      ...run([
        ['a', true, 0.2, 0.9, true],
        ['b', false, 0.8, 0.1, false],
        ['c', false, 0.5, undefined, false],
      ]).candidates,
    ]);
    expect(q).toMatchObject({ candidates: 3, positives: 1, aucRetrieval: 0, aucFinal: 1, aucBase: 1 });
  });
});

describe('keepAgreement', () => {
  it('compares keep decisions on the candidates both runs graded, question by question', () => {
    const a = [
      run([
        ['x', true, 1, 1, true],
        ['y', false, 1, 1, false],
      ]),
      run([['z', false, 1, 1, true]]),
    ];
    const b = [
      run([
        ['x', true, 1, 1, true],
        ['y', false, 1, 1, true],
        ['w', false, 1, 1, true],
      ]),
      run([['z', false, 1, 1, true]]),
    ];
    expect(keepAgreement(a, b)).toEqual({ compared: 3, agree: 2, share: 2 / 3 });
  });
});

describe('stageTable', () => {
  it('gives the median time and the mean cost per question of each stage', () => {
    const s = (ms: number, calls: number) => ({ stage: 'grade' as const, ms, calls, promptTokens: calls * 100, generatedTokens: calls });
    const rows = stageTable([run([], [s(10, 2)]), run([], [s(30, 4)]), run([], [s(20, 0)])]);
    expect(rows).toEqual([{ stage: 'grade', medianMs: 20, calls: 2, promptTokens: 200, generatedTokens: 2 }]);
  });
});
