import { describe, expect, it } from 'vitest';
import { addUsage, generationUsage, NO_USAGE, scoringUsage } from './usage';

const TIMINGS = { cachedTokens: 180, evaluatedTokens: 70, promptMs: 1200, generatedTokens: 1, decodeMs: 40 };

describe('usage: tokens sent and tokens the engine evaluated', () => {
  it('counts the evaluated prompt tokens where the engine reports them, and leaves them out where it does not', () => {
    expect(scoringUsage({ promptTokens: 250, timings: TIMINGS })).toEqual({ calls: 1, promptTokens: 250, generatedTokens: 1, evaluatedTokens: 70 });
    expect(generationUsage({ promptTokens: 250, completionTokens: 12 })).toEqual({ calls: 1, promptTokens: 250, generatedTokens: 12 });
  });

  it('adds them up over calls, a call without a report counting none', () => {
    const a = scoringUsage({ promptTokens: 250, timings: TIMINGS });
    const b = scoringUsage({ promptTokens: 260, timings: { ...TIMINGS, evaluatedTokens: 80 } });
    expect(addUsage(addUsage(NO_USAGE, a), b)).toEqual({ calls: 2, promptTokens: 510, generatedTokens: 2, evaluatedTokens: 150 });
    expect(addUsage(NO_USAGE, generationUsage({ promptTokens: 10, completionTokens: 2 }))).not.toHaveProperty('evaluatedTokens');
  });
});
