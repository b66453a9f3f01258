import type { CallProgress, StageName, Verdict, ThresholdResult } from '../../core/pipeline';

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
  decline: 'Not in the documents?',
  compare: 'Rows compared',
  entry: 'Manual entry looked up',
  figure: 'Figure from tables',
  read: 'Answer read from a sentence',
  list: 'Items listed',
  choose: 'Yes or No, chosen by the model',
  pick: 'Opening sentence, picked by the model',
  lead: 'What leads',
  answer: 'Answer',
  attribution: 'Attribution',
};

/** What the question is doing now, e.g. "Grading 5 of 18…". */
export function runningLabel(stage: StageName | undefined, graded?: CallProgress): string {
  // The call under way: "Grading 3 of 20" while the third runs, with the time left once the pace is known.
  const at =
    graded && graded.total > 0
      ? `${Math.min(graded.done + 1, graded.total)} of ${graded.total}${graded.secondsLeft ? ` · about ${secondsText(graded.secondsLeft)} left` : ''}`
      : '';
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
      return at ? `Grading ${at}…` : 'Grading…';
    case 'threshold':
      return 'Applying the threshold…';
    case 'rerank':
      return 'Ordering the kept chunks…';
    case 'judge':
      return at ? `The LLM is reading chunk ${at}…` : 'The LLM is reading the chunks…';
    case 'segments':
      return 'Finding the best runs of adjacent chunks…';
    case 'decline':
      return 'Checking the documents cover what is asked…';
    case 'compare':
      return 'Comparing the rows of a table…';
    case 'entry':
      return 'Looking up the entry the question names…';
    case 'figure':
      return 'Reading the tables and computing the figure…';
    case 'read':
      return 'Reading the answer from the kept passages…';
    case 'list':
      return 'Reading the items the question asks for…';
    case 'choose':
      return 'The language model is weighing Yes and No…';
    case 'pick':
      return 'The language model is picking the sentence that answers…';
    case 'lead':
      return 'Choosing what the answer leads with…';
    case 'answer':
      return 'Writing the answer…';
    case 'attribution':
      return 'Checking which sources the answer used…';
    default:
      return 'Starting…';
  }
}

/** "40 s", "2 min 5 s". */
export function secondsText(s: number): string {
  const r = Math.round(s);
  return r < 60 ? `${r} s` : `${Math.floor(r / 60)} min${r % 60 ? ` ${r % 60} s` : ''}`;
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

type DetailValue = string | number | boolean | undefined;

/** How each known detail of a stage reads in words; anything else falls back to "key: value". */
const DETAIL_WORDS: Record<string, (v: DetailValue, all: Record<string, DetailValue>) => string | undefined> = {
  skipped: (v) => `skipped (${v})`,
  finding: (v) => (v ? 'Sieve’s own finding first, then the passages' : undefined),
  rewritten: (v) => `asked as “${v}”`,
  discarded: (v) => `rewrite not used: ${v}`,
  documents: (v) => `${v} document${v === 1 ? '' : 's'} known`,
  routed: (v) => (v === 0 ? 'names none of them' : `kept to ${v} named`),
  reason: (v) => String(v),
  candidates: (v) => `${v} candidates`,
  dense: (v) => (v ? 'by keywords and meaning' : 'by keywords only'),
  llmRetriever: (v) => `the LLM retriever reads them (${v})`,
  kept: (v) => `${v} kept`,
  duplicates: (v) => `${v} near-duplicate${v === 1 ? '' : 's'} removed`,
  keptForFigures: (v) => (v ? `${v} kept for their figures` : undefined),
  mode: (v) => `mode: ${v}`,
  judged: (v) => `${v} judged`,
  relevant: (v) => `${v} relevant`,
  estimatedCalls: (v) => `about ${v} LLM calls`,
  estimatedTokens: (v) => `about ${v} tokens`,
  graded: (v) => `${v} graded`,
  from: (v) => `from ${v}`,
  threshold: (v) => `threshold ${typeof v === 'number' ? v.toFixed(2) : v}`,
  rule: (v) => ruleLabel(v as ThresholdResult['rule']) ?? String(v),
  by: (v) => `ordered by ${v}`,
  used: (v, all) => (all.sources !== undefined ? `${v} used` : `${v} chunk${v === 1 ? '' : 's'} used`),
  chars: (v) => `${Number(v).toLocaleString('en')} characters`,
  segments: (v) => `${v} segment${v === 1 ? '' : 's'}`,
  sources: (v) => `${v} source${v === 1 ? '' : 's'}`,
  cited: (v) => `${v} cited`,
  yes: (v) => `P(Yes) ${v}`,
  no: (v) => `P(No) ${v}`,
  unknown: (v) => `P(Unknown) ${v}`,
  margin: (v) => `margin ${v}`,
  needs: (v, all) =>
    all.verdict === 'Unknown'
      ? 'Unknown leads nothing'
      : all.picked === 'none'
        ? 'no sentence picked'
        : Number(all.margin) >= Number(v)
          ? `it leads (margin ${v} needed)`
          : `too close to lead (margin ${v} needed)`,
  picked: (v) => (v === 'none' ? 'picked none of the sentences' : `picked sentence ${v}`),
  p: (v) => `probability ${v}`,
  mass: (v) => `${Math.round(Number(v) * 100)}% of its probability on the three words`,
  units: (v) => `${v} sentences and rows read`,
  finish: (v) => (v === 'stop' ? 'finished' : v === 'length' ? 'stopped at the length limit' : `ended: ${v}`),
};

/** A stage's details in words, e.g. "40 candidates · by keywords and meaning". */
export function detailText(detail: Record<string, DetailValue>): string {
  return Object.entries(detail)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (DETAIL_WORDS[k] ? DETAIL_WORDS[k](v, detail) : `${k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${String(v)}`))
    .filter((t): t is string => t !== undefined && t !== '')
    .join(' · ');
}
