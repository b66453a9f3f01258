import { describe, expect, it } from 'vitest';
import { scoresFromTopLogprobs } from './top-logprobs';

const lp = (token: string, p: number) => ({ token, logprob: Math.log(p) });

describe('scoresFromTopLogprobs', () => {
  it('renormalises over the candidates found in the top tokens; coverage is their mass', () => {
    const s = scoresFromTopLogprobs([lp('7', 0.4), lp('8', 0.2), lp('The', 0.2), lp('6', 0.1), lp(' 7', 0.05)], ['6', '7', '8', '9']);
    expect(s.probs['7']).toBeCloseTo(0.45 / 0.75, 6);
    expect(s.probs['8']).toBeCloseTo(0.2 / 0.75, 6);
    expect(s.probs['6']).toBeCloseTo(0.1 / 0.75, 6);
    expect(s.probs['9']).toBe(0);
    expect(s.coverage).toBeCloseTo(0.75, 6);
  });

  it('is uniform with zero coverage when no candidate is in the top tokens', () => {
    expect(scoresFromTopLogprobs([lp('The', 0.9)], ['yes', 'no'])).toEqual({ probs: { yes: 0.5, no: 0.5 }, coverage: 0 });
    expect(scoresFromTopLogprobs([], ['yes', 'no']).coverage).toBe(0);
  });
});
