import { changeFrom, changeText, factFrom, factText, LEAD_IN, verdictFrom, verdictText, type ChangeFound, type FactFound, type ReadUnit, type Verdict } from '../../read';
import type { Intent } from '../../intent';
import { mentionsAll, namesBeyond } from '../../decline';
import { cardNames } from '../../card';
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

/** The kept passages' sentences and table rows, ranked against the question as the quoted answer ranks them, each with its coverage. */
export function readUnits(ctx: AskContext, sources: AnswerSource[]): ReadUnit[] {
  // The decline, reading and "nothing stated" steps of one question read the same passages: ranked once.
  const cached = RANKED.get(sources);
  if (cached?.question === ctx.question) return cached.units;
  const units = rankUnits(ctx, sources);
  RANKED.set(sources, { question: ctx.question, units });
  return units;
}

/** One question's ranked units, by its sources. */
const RANKED = new WeakMap<AnswerSource[], { question: string; units: ReadUnit[] }>();

function rankUnits(ctx: AskContext, sources: AnswerSource[]): ReadUnit[] {
  const { deps } = ctx;
  // The question without its lead-in ("In the 2022 10-K, …", "According to the paper, …"), and the documents' own names, are what it asks.
  const asked = ctx.question.replace(LEAD_IN, '');
  return rankedUnits(
    asked,
    sources.map((s) => ({ n: s.n, text: s.text, score: s.score, before: deps.chunksOf ? textBefore(deps.chunksOf(s.first.docId), s.first.id) : undefined })),
    [...new Set(sources.map((s) => s.title)), ASKING_WORDS],
  );
}

/** The names the documents go by (every document's, or those in `docIds`): the one place the stages gather them. */
export function documentNames(ctx: AskContext, docIds?: ReadonlySet<string>): string[] {
  return (ctx.deps.cards?.() ?? []).filter((c) => !docIds || docIds.has(c.docId)).flatMap((c) => cardNames(c.card));
}

/** The names and titles of the documents the sources come from. */
export function ownNames(ctx: AskContext, sources: AnswerSource[]): string[] {
  return [...documentNames(ctx, new Set(sources.map((s) => s.first.docId))), ...sources.map((s) => s.title)];
}

/** The units that print the names the question uses beyond its documents' own ("Java" for "Which version of Java does ReportLab require?"): only they may state a fact. */
export function naming(ctx: AskContext, sources: AnswerSource[], units: ReadUnit[]): ReadUnit[] {
  const names = namesBeyond(ctx.question.replace(LEAD_IN, ''), ownNames(ctx, sources));
  return names.length ? units.filter((u) => mentionsAll(u.text, names)) : units;
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
  const units = readUnits(ctx, sources);
  const own = ownNames(ctx, sources);
  if (intent.kind === 'verdict') {
    const verdict = verdictFrom(ctx.question.replace(LEAD_IN, ''), units, own);
    return {
      value: { verdict, answer: verdictText(verdict) },
      detail: { verdict: verdict.verdict, why: verdict.why, ...(verdict.unit ? { source: verdict.unit.source, coverage: verdict.unit.coverage.toFixed(2) } : {}) },
    };
  }
  // "By how much did … change": both values from one sentence, the difference computed.
  const named = naming(ctx, sources, units);
  const change = changeFrom(ctx.question, named);
  if (change) {
    return {
      value: { change, answer: changeText(change), quoted: change.unit.unit ?? change.unit.text },
      detail: { asked: 'change', from: change.from.span, to: change.to.span, change: change.change, source: change.unit.source },
    };
  }
  const fact = factFrom(ctx.question, named, own);
  if (!fact) return { value: undefined, detail: { asked: intent.fact ?? 'nothing', found: 'no sentence covering the question holds such a span' } };
  return {
    value: { fact, answer: factText(fact), quoted: fact.unit.unit ?? fact.unit.text },
    detail: { asked: fact.type, span: fact.span, source: fact.unit.source, coverage: fact.unit.coverage.toFixed(2) },
  };
}
