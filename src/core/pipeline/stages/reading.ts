import { changeFrom, changeText, factFrom, factText, LEAD_IN, verdictFrom, verdictText, type ChangeFound, type FactFound, type Verdict } from '../../read';
import type { Intent } from '../../intent';
import { rankedUnits } from '../extractive';
import { textBefore } from '../extractive-units';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';

/** Words that say how a question asks ("how many", "roughly"), not what it asks about. */
const ASKING_WORDS = 'many much large big roughly approximately exactly about';

/** What the reading stage found: a span read from a sentence, or a yes/no verdict, and the answer's opening. */
export interface ReadingResult {
  fact?: FactFound;
  verdict?: Verdict;
  change?: ChangeFound;
  answer: string;
  /** The unit the answer's opening quotes, so the quoted passages after it do not repeat it. */
  quoted?: string;
}

/**
 * 6d. An answer read from the kept passages: for a yes/no question, the verdict the best
 * sentence states (or "cannot judge"); for an amount, percentage, count, date or version, the
 * span of that type in the best sentence that holds one, verbatim. Undefined when nothing fits,
 * and when a language model writes the answer itself.
 */
export async function reading(ctx: AskContext, intent: Intent, sources: AnswerSource[]): Promise<Outcome<ReadingResult | undefined>> {
  // With a language model that writes the answer, the model reads the passages itself; as the reader, it is given what this stage finds.
  if (ctx.engine && ctx.settings.llmAnswer === 'writer') return { value: undefined, detail: { skipped: 'the language model writes the answer from the passages' } };
  if (sources.length === 0) return { value: undefined, detail: { skipped: 'no passages kept' } };
  const { deps } = ctx;
  // The question without its lead-in ("In the 2022 10-K, …", "According to the paper, …"), and the documents' own names, are what it asks.
  const asked = ctx.question.replace(LEAD_IN, '');
  const units = rankedUnits(
    asked,
    sources.map((s) => ({ n: s.n, text: s.text, score: s.score, before: deps.chunksOf ? textBefore(deps.chunksOf(s.first.docId), s.first.id) : undefined })),
    [...new Set(sources.map((s) => s.title)), ASKING_WORDS],
  );
  if (intent.kind === 'verdict') {
    const verdict = verdictFrom(ctx.question, units);
    return {
      value: { verdict, answer: verdictText(verdict) },
      detail: { verdict: verdict.verdict, why: verdict.why, ...(verdict.unit ? { source: verdict.unit.source, coverage: verdict.unit.coverage.toFixed(2) } : {}) },
    };
  }
  // "By how much did … change": both values from one sentence, the difference computed.
  const change = changeFrom(ctx.question, units);
  if (change) {
    return {
      value: { change, answer: changeText(change), quoted: change.unit.unit ?? change.unit.text },
      detail: { asked: 'change', from: change.from.span, to: change.to.span, change: change.change, source: change.unit.source },
    };
  }
  const fact = factFrom(ctx.question, units);
  if (!fact) return { value: undefined, detail: { asked: intent.fact ?? 'nothing', found: 'no sentence covering the question holds such a span' } };
  return {
    value: { fact, answer: factText(fact), quoted: fact.unit.unit ?? fact.unit.text },
    detail: { asked: fact.type, span: fact.span, source: fact.unit.source, coverage: fact.unit.coverage.toFixed(2) },
  };
}
