/**
 * What a question asks, read once, and which stages of the question pipeline answer it: one
 * table of intents (INTENTS), tried in order; the first that reads the question wins. Each intent
 * names the stages that may answer it, tried in order until one finds an answer; the quoted
 * passages answer whatever none of them settles.
 */
import { askedComparison, type AskedComparison } from '../compare';
import { askedFigure } from '../compute';
import { askedFact, askedList, YES_NO, type FactType } from '../read';

export type IntentKind = 'compare' | 'verdict' | 'list' | 'fact' | 'passages';

/** The stages that can answer a question before the quoted passages (core/pipeline/stages). */
export type AnsweringStage = 'compare' | 'entry' | 'figure' | 'read' | 'list';

/** A question's intent, with what its stages need. */
export interface Intent {
  kind: IntentKind;
  /** The stages to try, in order, until one answers. */
  stages: readonly AnsweringStage[];
  compare?: AskedComparison;
  fact?: FactType;
}

export interface IntentSpec {
  kind: IntentKind;
  /** What such a question asks, in words. */
  asks: string;
  example: string;
  stages: readonly AnsweringStage[];
  /** Reads the intent's details from the question (and, rarely, other stages than `stages`), or undefined when the question does not ask it. */
  read: (question: string) => (Omit<Intent, 'kind' | 'stages'> & { stages?: readonly AnsweringStage[] }) | undefined;
}

export const INTENTS: readonly IntentSpec[] = [
  {
    kind: 'compare',
    asks: 'which of a set of rows (segments, regions, categories, line items, the cash-flow activities) is highest or lowest, or grew or fell most: ranked over one table',
    example: 'Which segment had the highest operating income in 2022?',
    stages: ['compare', 'figure'],
    read: (q) => {
      const compare = askedComparison(q);
      return compare ? { compare } : undefined;
    },
  },
  {
    kind: 'verdict',
    asks: 'yes or no: by a figure’s direction or test when the tables hold it, else by the sentence that states or denies it',
    example: 'Did cash fall during the year? Does any customer account for over 10% of revenue?',
    stages: ['figure', 'read'],
    read: (q) => (YES_NO.test(q) ? {} : undefined),
  },
  {
    kind: 'list',
    asks: 'the items of a set (segments, products, kernels, special values): the sentence that enumerates them, else the rows of the table that names them',
    example: 'What are its reportable segments? Which kernels can be used?',
    stages: ['list'],
    // "What were its capital expenditures?" asks an amount, not a list.
    read: (q) => (askedList(q) && !askedFigure(q) ? {} : undefined),
  },
  {
    kind: 'fact',
    asks: 'an amount, a percentage, a count, a date or a version: a field of the manual entry it names, else read verbatim from the sentence that states it, else from the tables; a standard metric or a formula the question defines is computed first',
    example: 'How large is the new credit facility? How many people does it employ? In which version was os.availableParallelism() added?',
    stages: ['entry', 'read', 'figure'],
    read: (q) => {
      const fact = askedFact(q);
      if (!fact) return undefined;
      // "How much did the effective tax rate change": a standard metric or a formula the question defines is computed, not read.
      const figure = askedFigure(q);
      const computed = figure !== undefined && (figure.from === 'metric' || figure.from === 'definition');
      return computed ? { fact, stages: ['figure', 'entry', 'read'] } : { fact };
    },
  },
  {
    kind: 'passages',
    asks: 'anything else (a reason, a list, a description; a field of a manual entry; a figure the tables hold): the entry lookup, the figure stage, then the best sentences quoted',
    example: 'What drove revenue growth in fiscal 2018? What is the default BatchSize?',
    stages: ['entry', 'figure'],
    read: () => ({}),
  },
];

/** The question's intent: the first row of INTENTS that reads it. */
export function intentOf(question: string): Intent {
  for (const spec of INTENTS) {
    const details = spec.read(question);
    if (details) return { kind: spec.kind, ...details, stages: details.stages ?? spec.stages };
  }
  return { kind: 'passages', stages: ['entry', 'figure'] };
}
