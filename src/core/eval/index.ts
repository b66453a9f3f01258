/**
 * Evaluation on FinanceBench-style questions: reading the questions and their evidence pages,
 * running each configuration (chunking × retrieval × pipeline) over the same prepared documents,
 * and the metrics of ../shared's README (page recall, evidence coverage, signal ratio, answer hit) and answer correctness,
 * with the tables the eval CLI prints.
 */
export { answerCorrect, answerLead, contentOverlap, formatCorrectTable, sameFigure, showsFigure, statedFigures, TEXT_OVERLAP, wordsFall } from './answer-correct';
export type { AnswerKind, AnswerVerdict, CorrectRow, StatedFigure } from './answer-correct';
export { formatAttributionTable } from './attribution';
export type { AttributionSummary } from './attribution';
export { formatFateTable } from './fate';
export { formatLeadTable, leadRow, leadTables, summarizeLeads } from './lead';
export type { LeadRow, LeadSummary } from './lead';
export type { EvidenceFate } from './fate';
export { evidencePages, parseQuestions } from './financebench';
export type { BenchQuestion } from './financebench';
export { graderQuality, keepAgreement, median, stageTable } from './grader';
export type { LlmRunStats } from './grader';
export { charsInside, evidenceCoverage, formatTable, fraction, markdownTable, summarize } from './metrics';
export type { QuestionScores, RetrievedSpan } from './metrics';
export { evidenceRank, formatRankTable } from './ranks';
export type { EvidenceRank } from './ranks';
export { CONFIGS, evaluateQuestion, prepareDocument, prepareLibrary, rankedChunks, summarizeAll, summarizeAttributions } from './run';
export type { EvalLlm, EvaluatedQuestion, Prepared } from './run';
export { formatMissTable, missCause } from './miss-cause';
export type { MissCause } from './miss-cause';
