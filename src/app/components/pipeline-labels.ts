import type { StageName, Verdict } from '../../core/pipeline/types';
import type { ThresholdResult } from '../../core/pipeline/threshold';

export const STAGE_NAME: Record<StageName, string> = {
  rewrite: 'Query rewrite',
  route: 'Document routing',
  retrieve: 'Hybrid retrieval',
  dedupe: 'Redundancy filter',
  grade: 'Relevance grading',
  threshold: 'Dynamic threshold',
  judge: 'LLM retriever',
  rerank: 'Rerank and order',
  segments: 'Relevant segments',
  answer: 'Answer',
  attribution: 'Attribution',
};

/** What the question is doing now, e.g. "Grading 5 of 18…". */
export function runningLabel(stage: StageName | undefined, graded?: { done: number; total: number }): string {
  switch (stage) {
    case 'rewrite':
      return 'Rewriting the question…';
    case 'route':
      return 'Finding the documents the question names…';
    case 'retrieve':
      return 'Retrieving candidates…';
    case 'dedupe':
      return 'Removing near-duplicates…';
    case 'grade':
      return graded && graded.total > 0 ? `Grading ${graded.done} of ${graded.total}…` : 'Grading…';
    case 'threshold':
      return 'Applying the threshold…';
    case 'rerank':
      return 'Ordering the kept chunks…';
    case 'judge':
      return graded && graded.total > 0 ? `The LLM is reading chunk ${graded.done} of ${graded.total}…` : 'The LLM is reading the chunks…';
    case 'segments':
      return 'Finding the best runs of adjacent chunks…';
    case 'answer':
      return 'Writing the answer…';
    case 'attribution':
      return 'Checking which sources the answer used…';
    default:
      return 'Starting…';
  }
}

export const VERDICT_LABEL: Record<Verdict, string> = {
  kept: 'kept',
  duplicate: 'duplicate',
  'below-threshold': 'below threshold',
  'below-floor': 'below floor',
  'outside-segments': 'outside the segments',
  'over-budget': 'over budget',
};

export function ruleLabel(rule: ThresholdResult['rule']): string {
  switch (rule) {
    case 'mean+std':
      return 'μ + σ (grades bunched: variance below ε)';
    case 'mean':
      return 'μ';
    case 'llm':
      return 'proposed by the language model';
    case 'floor':
      return 'the floor (μ was lower)';
    case 'relative':
      return 'a share of the best grade (retrieval-only)';
  }
}

export function detailText(detail: Record<string, string | number | boolean | undefined>): string {
  return Object.entries(detail)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');
}
