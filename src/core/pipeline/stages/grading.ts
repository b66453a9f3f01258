import { critic } from '../critic';
import { gradeChunks } from '../grade';
import type { CandidateRow } from '../types';
import { NO_USAGE } from '../usage';
import type { AskContext, Outcome } from './context';

/** What lying on the financial statement a question names adds to the critic's score (0–1). */
const STATEMENT_BONUS = 0.3;

/**
 * 4. Relevance grades: by the LLM (grade, self-reflection, critic), or without one from the
 * retrieval scores and the rule-based critic.
 */
export async function grading(ctx: AskContext, unique: CandidateRow[]): Promise<Outcome<undefined>> {
  const { engine, question, settings, emit, signal } = ctx;
  if (!engine) {
    for (const r of unique) {
      const c = critic(question, r.chunk.text);
      if (r.statement) {
        c.score = Math.min(1, c.score + STATEMENT_BONUS);
        c.notes.push(`on the ${r.statement} the question names`);
      }
      const w = settings.grading.weights;
      const baseWeight = w.base + w.reflection;
      r.grade = { base: r.hybrid, critic: c, final: 0, problems: [], usage: NO_USAGE };
      r.final = r.grade.final = (baseWeight * r.hybrid + w.critic * c.score) / Math.max(1e-9, baseWeight + w.critic);
    }
    return { value: undefined, detail: { from: 'retrieval scores and critic' } };
  }
  // The count shows from the first call on ("Grading 1 of 20"), not only once one has finished.
  emit({ kind: 'graded', done: 0, total: unique.length });
  const { grades, usage } = await gradeChunks(engine, { query: question, chunks: unique.map((r) => r.chunk.text), fallback: unique.map((r) => r.hybrid) }, settings.grading, {
    signal,
    onGraded: (_, done, calls) => emit({ kind: 'graded', done, total: calls }),
  });
  grades.forEach((g, i) => {
    unique[i].grade = g;
    unique[i].final = g.final;
    ctx.problems.push(...g.problems.map((p) => `Chunk #${unique[i].rank}: ${p}`));
  });
  return { value: undefined, usage, detail: { mode: settings.grading.mode, graded: grades.length } };
}
