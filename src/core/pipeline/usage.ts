/** LLM work done by a stage: what the trace reports per stage and per question. */
export interface LlmUsage {
  calls: number;
  promptTokens: number;
  /** Tokens the model generated; a next-token scoring call counts as one. */
  generatedTokens: number;
}

export const NO_USAGE: LlmUsage = { calls: 0, promptTokens: 0, generatedTokens: 0 };

export function addUsage(a: LlmUsage, b: Partial<LlmUsage>): LlmUsage {
  return {
    calls: a.calls + (b.calls ?? 0),
    promptTokens: a.promptTokens + (b.promptTokens ?? 0),
    generatedTokens: a.generatedTokens + (b.generatedTokens ?? 0),
  };
}

/** The usage of one generation call, from the engine's reply. */
export function generationUsage(out: { promptTokens: number; completionTokens: number }): LlmUsage {
  return { calls: 1, promptTokens: out.promptTokens, generatedTokens: out.completionTokens };
}

/** The usage of one next-token scoring call (one token read, none generated). */
export function scoringUsage(out: { promptTokens: number }): LlmUsage {
  return { calls: 1, promptTokens: out.promptTokens, generatedTokens: 1 };
}
