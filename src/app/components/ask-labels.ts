import { pagesLabel, sectionLabel } from '../format';
import { type CandidateRow, type SegmentSource, type StageTrace, estimateLibraryJudgeCost } from '../../core/pipeline';
import type { LlmStatus, QuestionState } from '../state';
import type { PipelineSettings } from '../../core/settings';
import { runningLabel, secondsText } from './pipeline-labels';
import { engineName } from './llm-name';

/** What the LLM retriever will cost, estimated from the library before a question is asked. */
export function judgeNote(r: PipelineSettings['llmRetriever'], docs: Array<{ chunkCount: number; charCount: number }>): string {
  const cost = estimateLibraryJudgeCost(docs, r);
  const tokens = formatTokens(cost.promptTokens + cost.generatedTokens);
  const scope = `all ${cost.chunks.toLocaleString()} chunks of your ${docs.length} document${docs.length === 1 ? '' : 's'}`;
  if (r.use === 'primary') return `LLM retriever on: the model will read ${scope} for each question — about ${cost.calls.toLocaleString()} calls and ${tokens} tokens.`;
  if (r.use === 'fallback')
    return `LLM retriever as fallback: when nothing clears the floor, the model reads ${scope} (about ${cost.calls.toLocaleString()} calls, ${tokens} tokens).`;
  return `LLM retriever refines: the model judges the top ${r.refineCandidates} candidates of each question.`;
}

export function formatTokens(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n.toLocaleString();
}

export function segmentLabel(s: SegmentSource): string {
  const pages = s.pageStart === undefined ? '' : `${pagesLabel(s)} · `;
  const section = s.sectionPath.length ? ` · ${sectionLabel(s.sectionPath)}` : '';
  return `${pages}segment of ${s.end - s.start} adjacent chunks (${s.start + 1}–${s.end})${section}`;
}

/** Where a source's passage lies: its segment when it has one, else its chunk's pages and section. */
export function sourcePlaceLabel(row: CandidateRow, segment: SegmentSource | undefined): string {
  if (segment) return segmentLabel(segment);
  return `${pagesLabel(row.chunk)}${row.chunk.sectionPath.length > 0 ? ` · ${sectionLabel(row.chunk.sectionPath)}` : ''}`;
}

/** The line above the answer: the stage while running, else how the question ended. */
export function askStatusLabel(q: QuestionState): string {
  const result = q.result;
  if (q.status === 'running')
    return `${runningLabel(q.stage, q.graded)}${q.judgeCost && q.stage === 'judge' ? ` (about ${q.judgeCost.calls} calls, ${formatTokens(q.judgeCost.promptTokens + q.judgeCost.generatedTokens)} tokens)` : ''}`;
  if (q.status === 'cancelled') return 'Cancelled.';
  if (q.status === 'failed') return `The question failed: ${q.error ?? 'unknown error'}`;
  const words = q.firstWordsSeconds !== undefined ? ` First words after ${secondsText(q.firstWordsSeconds)}.` : '';
  return `Answered “${q.question}”${result && result.query !== result.question ? ` (searched as “${result.query}”)` : ''}.${words}`;
}

/** Which engine answered (or will answer) questions; `name` is the configured model's name. */
export function askModeLabel(llm: LlmStatus, name: string, question?: QuestionState, catalogued = false): string {
  // A model the catalogue names is called by that name, not by its file's header.
  const model = catalogued ? name : (llm.info?.model ?? name);
  const result = question?.status === 'done' ? question.result : undefined;
  const answeredBy = catalogued ? name : (result?.model ?? name);
  return result
    ? result.mode === 'retrieval-only'
      ? 'Retrieval-only (no language model)'
      : // What is shown is the model's, or Sieve's own with what the model did named stage by stage.
        result.answer.extractive
        ? result.lead?.kind === 'verdict chosen by the model'
          ? `The Yes or No chosen by ${answeredBy}; the rest is Sieve's own`
          : `Sieve's own answer; ${modelPart(answeredBy, question!.stages)}`
        : `Answered by ${answeredBy}`
    : llm.state === 'ready'
      ? `Language model: ${model}${llm.info ? ` (${engineName(llm.info.engine)}, ${llm.info.contextWindow} tokens of context)` : ''}`
      : llm.state === 'loading'
        ? `Loading ${name}… questions asked now are answered retrieval-only.`
        : 'Retrieval-only (no language model)';
}

/** What each stage does when the model runs it, in a user's words. */
const MODEL_DID: Partial<Record<StageTrace['stage'], string>> = {
  rewrite: 'rewrote the question',
  grade: 'graded the passages',
  judge: 'judged the passages',
  choose: 'weighed Yes against No',
  pick: 'weighed which sentence answers the question',
  answer: 'wrote a reply that was not shown',
};

/** "Qwen … rewrote the question and graded the passages", from the stages whose trace shows model calls; or that it was not needed. */
export function modelPart(model: string, stages: readonly StageTrace[]): string {
  const did = [...new Set(stages.filter((s) => s.usage.calls > 0).map((s) => MODEL_DID[s.stage] ?? `ran the ${s.stage} stage`))];
  if (did.length === 0) return `${model} was not needed for this question`;
  return `${model} ${did.length === 1 ? did[0] : `${did.slice(0, -1).join(', ')} and ${did.at(-1)}`}`;
}

/** One entry per source number: the best-ranked row in it (a segment holds several rows), in source order. */
export function leadSources(rows: CandidateRow[]): CandidateRow[] {
  const lead = new Map<number, CandidateRow>();
  for (const r of [...rows].sort((a, b) => a.rank - b.rank)) if (r.source !== undefined && !lead.has(r.source)) lead.set(r.source, r);
  return [...lead.values()].sort((a, b) => a.source! - b.source!);
}
