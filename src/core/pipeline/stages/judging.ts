import { estimateJudgeCost, judgeChunks } from '../llm-retriever';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';

/** The LLM retriever: its cost announced first, then every given row judged relevant or not. */
export async function judging(ctx: AskContext, targets: CandidateRow[], mode: 'primary' | 'refine' | 'fallback'): Promise<Outcome<undefined>> {
  const { question, settings, emit, signal } = ctx;
  const chunks = targets.map((r) => r.chunk);
  const cost = estimateJudgeCost(chunks, question, settings.llmRetriever);
  emit({ kind: 'judge-cost', cost, mode });
  const r = await judgeChunks(ctx.engine!, question, chunks, settings.llmRetriever, {
    signal,
    onProgress: (done, total) => emit({ kind: 'graded', done, total }),
  });
  r.judgments.forEach((j, i) => {
    targets[i].judged = { grade: j.grade, relevant: j.relevant, problem: j.problem };
    targets[i].final = j.grade;
  });
  ctx.problems.push(...r.problems.map((p) => `LLM retriever: ${p}`));
  return {
    value: undefined,
    usage: r.usage,
    detail: {
      mode,
      judged: chunks.length,
      relevant: r.judgments.filter((j) => j.relevant).length,
      estimatedCalls: cost.calls,
      estimatedTokens: cost.promptTokens + cost.generatedTokens,
    },
  };
}
