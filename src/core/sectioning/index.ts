export { needsSectioning, heuristicSections, isTitleLike, paragraphRanges } from './heuristic';
export type { HeuristicOptions, NeedsSectioningOptions } from './heuristic';
export { llmSections, numberLines, parseSectioningReply, cleanTitle } from './llm';
export type { LlmSectionsOptions, LlmSectionsResult, SectionStart, ParsedReply } from './llm';
