import type { NextTokenScores } from './engine';

/**
 * Candidates' probabilities renormalised over the candidates (uniform when they hold no mass),
 * and the mass they held. `mass` is passed in because candidates may share a token, which must
 * be counted once.
 */
export function renormalise(candidates: string[], raw: number[], mass: number): Omit<NextTokenScores, 'promptTokens'> {
  const sum = raw.reduce((a, b) => a + b, 0);
  const probs: Record<string, number> = {};
  candidates.forEach((c, i) => (probs[c] = sum > 0 ? raw[i] / sum : 1 / candidates.length));
  return { probs, coverage: Math.min(1, Math.max(0, mass)) };
}
