export { needsSectioning, heuristicSections, isTitleLike } from './heuristic';
export type { HeuristicOptions } from './heuristic';
export { llmSections, parseSectioningReply } from './llm';
