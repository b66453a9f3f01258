/**
 * Reading answers out of the kept passages, without a language model: a span of the type a
 * question asks for (an amount, a percentage, a count, a date, a version) taken verbatim from the
 * best sentence that states it (factFrom), and a yes/no verdict from the sentence that states or
 * denies what the question asks (verdictFrom), else "cannot judge"; a change between two values a
 * sentence prints as a pair, computed (changeFrom). Each is written answer first,
 * with the sentence it rests on quoted and cited (readingText).
 */
export { askedFact, countedNouns, countedPattern, factFrom, typedSpans, MIN_FACT_COVERAGE } from './fact';
export { distinctiveTokens, printsDistinctive } from './distinct';
export type { FactFound, FactType, ReadUnit } from './fact';
export { verdictFrom, LEAD_IN, YES_NO, MIN_VERDICT_COVERAGE } from './verdict';
export type { Verdict } from './verdict';
export { changeText, factText, oneLine, verdictText, CANNOT_JUDGE } from './answer-text';
export { changeAsked, changeFrom } from './change';
export type { ChangeFound } from './change';
export { askedList, bulletsAfter, enumeration, listFrom, listText } from './list';
export type { ListFound } from './list';
