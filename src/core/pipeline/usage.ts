import type { LlmTimings } from '../llm';
/** LLM work done by a stage: what the trace reports per stage and per question. */
export interface LlmUsage {
  calls: number;
  promptTokens: number;
  /** Tokens the model generated; a next-token scoring call counts as one. */
  generatedTokens: number;
  /**
   * Prompt tokens the engine evaluated, where it reports them (llama.cpp): the rest of
   * promptTokens came from its cache, a prefix shared with the call before.
   */
  evaluatedTokens?: number;
}

export const NO_USAGE: LlmUsage = { calls: 0, promptTokens: 0, generatedTokens: 0 };

export function addUsage(a: LlmUsage, b: Partial<LlmUsage>): LlmUsage {
  const evaluated = a.evaluatedTokens !== undefined || b.evaluatedTokens !== undefined ? { evaluatedTokens: (a.evaluatedTokens ?? 0) + (b.evaluatedTokens ?? 0) } : {};
  return {
    calls: a.calls + (b.calls ?? 0),
    promptTokens: a.promptTokens + (b.promptTokens ?? 0),
    generatedTokens: a.generatedTokens + (b.generatedTokens ?? 0),
    ...evaluated,
  };
}

/** The usage of one generation call, from the engine's reply. */
export function generationUsage(out: { promptTokens: number; completionTokens: number; timings?: LlmTimings }): LlmUsage {
  return { calls: 1, promptTokens: out.promptTokens, generatedTokens: out.completionTokens, ...evaluated(out.timings) };
}

function evaluated(t: LlmTimings | undefined): Pick<LlmUsage, 'evaluatedTokens'> {
  return t ? { evaluatedTokens: t.evaluatedTokens } : {};
}

/** The usage of one next-token scoring call (one token read, none generated). */
export function scoringUsage(out: { promptTokens: number; timings?: LlmTimings }): LlmUsage {
  return { calls: 1, promptTokens: out.promptTokens, generatedTokens: 1, ...evaluated(out.timings) };
}
