/**
 * The question pipeline (ChunkRAG): rewrite → route → hybrid retrieval → redundancy filter →
 * relevance grade or LLM retriever → dynamic threshold → rerank → relevant segments → grounded
 * answer with citations → attribution. ask() composes the stages in stages/; every candidate keeps
 * the verdict and reason of the stage that decided it, and a question reports its progress as
 * events.
 */
export { ask } from './ask';
export { knowledgeBaseDeps } from './kb-deps';
export { estimateLibraryJudgeCost } from './llm-retriever';
export type { JudgeCost } from './llm-retriever';
export { shown } from './precision';
export { applyRowsUpdate } from './row-changes';
export { nextProgress } from './progress';
export type { CallProgress } from './progress';
export type { AskDeps, Reranker } from './stages/context';
export { LEAD_KINDS, MIN_LEAD_PRECISION, statesKind } from './stages/leading';
export type { Lead, LeadKind, LeadKindSpec, LeadPrecision } from './stages/leading';
export type { ThresholdResult } from './threshold';
export type { AskEvent, AskResult, CandidateRow, SegmentSource, StageName, StageTrace, Verdict } from './types';
export { NO_USAGE, addUsage, generationUsage } from './usage';
