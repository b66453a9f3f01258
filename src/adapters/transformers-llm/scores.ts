import { type NextTokenScores, renormalise } from '../../core/llm';

export { renormalise };

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
