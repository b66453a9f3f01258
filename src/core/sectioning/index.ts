/**
 * Sections for documents whose parser found none: headings recognised by heuristics, or inferred
 * by a language model in windows; each section's title path goes into its chunks' headers.
 */
export { needsSectioning, heuristicSections, isTitleLike } from './heuristic';
export type { HeuristicOptions } from './heuristic';
export { llmSections } from './llm';
export { parseSectioningReply } from './reply-parsing';
