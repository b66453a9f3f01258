import type { StageTrace } from '../../core/pipeline';

export interface StageTotals {
  ms: number;
  calls: number;
  prompt: number;
  generated: number;
}

/** The time and LLM use of all the stages together. */
export function stageTotals(stages: StageTrace[]): StageTotals {
  return stages.reduce((t, s) => ({ ms: t.ms + s.ms, calls: t.calls + s.usage.calls, prompt: t.prompt + s.usage.promptTokens, generated: t.generated + s.usage.generatedTokens }), {
    ms: 0,
    calls: 0,
    prompt: 0,
    generated: 0,
  });
}
