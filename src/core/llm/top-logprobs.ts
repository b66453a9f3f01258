import type { NextTokenScores } from './engine';
import { renormalise } from './renormalise';

export interface TopLogprob {
  token: string;
  logprob: number;
}

/**
 * Next-token scores from an OpenAI-style top_logprobs list (decoded text: at most 5 tokens from
 * WebLLM, 20 from llama.cpp). A top token counts for the candidate it equals, else for the one
 * it equals once spaces are trimmed (" 7" for "7"); candidates outside the top tokens get 0.
 * Coverage is the mass counted.
 */
export function scoresFromTopLogprobs(top: TopLogprob[], candidates: string[]): Omit<NextTokenScores, 'promptTokens'> {
  const raw = candidates.map(() => 0);
  let mass = 0;
  for (const { token, logprob } of top) {
    let i = candidates.indexOf(token);
    if (i < 0 && token.trim()) i = candidates.findIndex((c) => c.trim() === token.trim());
    if (i < 0) continue;
    const p = Math.exp(logprob);
    raw[i] += p;
    mass += p;
  }
  return renormalise(candidates, raw, mass);
}
