import type { CandidateRow, StageTrace } from '../../core/pipeline';
import type { ChunkerSettings } from '../../core/settings';
import type { Inspection } from '../../services/library';
import type { QuestionState } from '../state';
import { thetaText } from '../format';

export type WalkStepId = 'sentences' | 'chunks' | 'question' | 'candidates' | 'duplicates' | 'grades' | 'segments' | 'answer';

export interface WalkStep {
  id: WalkStepId;
  title: string;
  /** One or two sentences on what the stage does and why. */
  text: string;
  /** The step needs the question to have been asked. */
  needsAnswer?: boolean;
}

/** The tour's steps, each explained for the sample as it was indexed and the question as it was answered. */
export function walkSteps(ins: Inspection | undefined, rows: CandidateRow[], stages: StageTrace[] | undefined): WalkStep[] {
  return [
    { id: 'sentences', title: 'Sentences and their similarities', text: sentencesText(ins?.document.chunker) },
    {
      id: 'chunks',
      title: 'Chunks',
      text: `${chunkingText(ins?.document.chunker, ins?.threshold, ins?.percentile)} Each chunk also gets a contextual header — title and section — that search sees but the chunk text does not contain.`,
    },
    {
      id: 'question',
      title: 'The question',
      text: 'Pick a question. Sieve searches the chunks with BM25 (matching words) and with the question’s vector (matching meaning), then grades, filters and answers. This tour turns relevant segment extraction on for the question so you can see it.',
    },
    {
      id: 'candidates',
      title: 'Candidates',
      needsAnswer: true,
      text: 'The best-scoring chunks become candidates. Each score is scaled to 0–1 among the candidates and the two are mixed into one hybrid score, so a chunk can rank high by words, by meaning, or both.',
    },
    {
      id: 'duplicates',
      title: 'Duplicates',
      needsAnswer: true,
      text: 'Candidates that say nearly the same thing as a better-ranked one (cosine above the redundancy limit, and the same figures and years) are dropped, so the answer’s room is not spent twice on one fact.',
    },
    { id: 'grades', title: 'Grades and the threshold', needsAnswer: true, text: gradesText(rows, stages) },
    {
      id: 'segments',
      title: 'Segments',
      needsAnswer: true,
      text: 'Each chunk of the document gets a value: its relevance minus a penalty. The best runs of adjacent chunks (highest sums) become segments, so an answer that spans several chunks arrives in one piece and in order.',
    },
    {
      id: 'answer',
      title: 'The answer and what it used',
      needsAnswer: true,
      text: 'The answer is written from the kept sources only. Attribution then checks which sources it cites and which of their sentences it actually reflects (sentence similarity), and how much of the key content it covers.',
    },
  ];
}

function sentencesText(chunker: ChunkerSettings | undefined): string {
  return chunker?.kind === 'semantic'
    ? 'The document is cut into sentences and each one is turned into a vector by the embedding model. The line shows how similar each sentence is to the next (cosine); where it dips below θ, the topic shifts.'
    : 'The document is cut into sentences and each one is turned into a vector by the embedding model. The line shows how similar each sentence is to the next (cosine). The semantic chunker cuts where it dips below θ; your chunker (chosen in Settings) cuts differently, as the next step shows.';
}

/** How the sample's chunks were cut, in a sentence, for the chunker it was indexed with. */
function chunkingText(chunker: ChunkerSettings | undefined, threshold: number | undefined, percentile: number | undefined): string {
  if (chunker?.kind === 'fixed')
    return `The fixed-size chunker (chosen in Settings) cuts every ${chunker.size} characters, each chunk overlapping the last by ${chunker.overlap}, moving cuts to word boundaries.`;
  if (chunker?.kind === 'llm')
    return 'The language model chose these boundaries: after every token it gave the probability that a section ends there, and the chunker cut at the peaks.';
  const theta = threshold === undefined ? '' : ` (${thetaText(threshold, percentile).replace('θ = ', '')}${percentile !== undefined ? ' of this document’s similarities' : ''})`;
  return `Consecutive sentences stay in one chunk while their similarity stays at or above θ${theta}, and no chunk grows past its length limit.`;
}

function gradesText(rows: CandidateRow[], stages: StageTrace[] | undefined): string {
  if (rows.some((r) => r.judged))
    return 'The language model judged each candidate relevant or not; those it judged relevant (green) are kept whatever their grade, and the dashed line shows the threshold the grades alone would have set.';
  return stages?.some((s) => s.usage.calls > 0)
    ? 'The language model graded each candidate (a grade, a second look, and a critic); the threshold T (the dashed line) is set from the grades themselves. Chunks graded at or above it (green, right of the line) are kept; the rest (grey, left of it) are filtered.'
    : 'With no language model loaded, grades come from the retrieval scores and the critic’s checks; the threshold T (the dashed line) is set from the grades themselves. Chunks graded at or above it (green, right of the line) are kept; the rest (grey, left of it) are filtered.';
}

/** Whether Next goes on: not past the last step, and not past the question until it is answered. */
export function canGoNext(step: number, steps: WalkStep[], current: WalkStep, answered: boolean): boolean {
  return nextBlockedBecause(step, steps, current, answered) === undefined;
}

/** Why Next is disabled, in words shown beside it; undefined when it is not. */
export function nextBlockedBecause(step: number, steps: WalkStep[], current: WalkStep, answered: boolean): string | undefined {
  if (step >= steps.length - 1) return 'This is the last step.';
  if (!answered && current.id === 'question') return 'Ask the question to go on: the next steps show what happened to it.';
  return undefined;
}

/** What the question step says of the tour's question once asked. */
export function walkStatusText(q: Pick<QuestionState, 'status' | 'error'>): string {
  if (q.status === 'running') return 'Working…';
  if (q.status === 'done') return 'Answered: go on to see how.';
  if (q.status === 'failed') return `The question failed: ${q.error ?? 'unknown error'}`;
  return 'Cancelled.';
}
