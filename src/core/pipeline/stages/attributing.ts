import { measureAttribution, type AttributionReport } from '../../attribution';
import { inferCitations } from '../inferred-citations';
import type { Answer } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';

/**
 * 8. Attribution and utilization: which sources the answer cites or demonstrably uses. An LLM
 * answer that cites nothing gets citations where its sentences match a source.
 */
export async function attributing(ctx: AskContext, answer: Answer, sources: AnswerSource[]): Promise<Outcome<AttributionReport | undefined>> {
  const { problems } = ctx;
  try {
    const cited = answer.citations.flatMap((m) => m.sources);
    const value = await measureAttribution({ question: ctx.question, answer: answer.text, cited, sources: sources.map((x) => ({ n: x.n, text: x.text })) }, ctx.deps.embedder!, {
      signal: ctx.signal,
    });
    const t = value.totals;
    if (!answer.extractive && answer.citations.length === 0) {
      const inferred = inferCitations(answer.text, value.answerSupport);
      if (inferred.length > 0) {
        answer.citations = inferred;
        const said = problems.indexOf('The answer cites no source.');
        if (said >= 0) problems.splice(said, 1);
        problems.push(
          `The model cited no source: Sieve marked ${inferred.length === 1 ? 'the sentence' : `${inferred.length} sentences`} that match a source (cosine ≥ ${t.threshold}).`,
        );
      }
    }
    return { value, detail: { used: t.used, cited: t.cited, sources: t.sources, threshold: t.threshold } };
  } catch (e) {
    ctx.signal?.throwIfAborted();
    problems.push(`Attribution was not measured: ${e instanceof Error ? e.message : String(e)}`);
    return { value: undefined, detail: { skipped: 'the embedding model failed' } };
  }
}
