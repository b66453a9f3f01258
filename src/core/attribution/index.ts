/**
 * Attribution and utilisation of an answer: which of the sources it was given each answer sentence
 * rests on (by meaning), which sources it cited, and how much of each it used.
 */
export { answerSentences, attributionFromVectors, measureAttribution } from './attribution';
export type { AttributionReport, AttributionTotals, SentenceSupport } from './attribution';
export { CITATION_MARK, citedSources, findCitations } from './citations';
export type { CitationMark } from './citations';
export { verbatimShare } from './verbatim';
