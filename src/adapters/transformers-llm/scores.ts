import type { NextTokenScores } from '../../core/llm/engine';

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

/**
 * Next-token scores from one row of logits: softmax over the whole vocabulary, then each
 * candidate's token id (undefined: a candidate with no token, probability 0).
 */
export function scoresFromLogits(row: ArrayLike<number>, ids: Array<number | undefined>, candidates: string[]): Omit<NextTokenScores, 'promptTokens'> {
  let max = -Infinity;
  for (let i = 0; i < row.length; i++) if (row[i] > max) max = row[i];
  let total = 0;
  for (let i = 0; i < row.length; i++) total += Math.exp(row[i] - max);
  const p = (id: number | undefined) => (id === undefined || id < 0 || id >= row.length ? 0 : Math.exp(row[id] - max) / total);
  const raw = ids.map(p);
  const mass = [...new Set(ids)].reduce((s: number, id) => s + p(id), 0);
  return renormalise(candidates, raw, mass);
}
