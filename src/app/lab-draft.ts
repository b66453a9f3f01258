import { type LabObjective, checkRequest, parseNumberList, type LabRequest, parseLabQuestions } from '../core/lab';
import { DEFAULT_OVERLAPS, DEFAULT_PERCENTILES, DEFAULT_SIZES, DEFAULT_THETAS, type Settings } from '../core/settings';

/** The lab form as typed (lists as text), kept in the store so it survives a change of tab. */
export interface LabDraft {
  docIds: string[];
  questionsText: string;
  questionsSource: string;
  /** The questions came from a file (or the sample set): shown as a count and a preview, not as raw text, until the user edits them. */
  questionsLoaded?: boolean;
  budget: number;
  mode: LabRequest['mode'];
  objective: LabObjective;
  size: number;
  overlap: number;
  threshold: number;
  /** Set: the compared semantic chunking cuts below this percentile of each document's similarities. */
  percentile?: number;
  maxChars: number;
  llm: boolean;
  sweepFixed: boolean;
  sizes: string;
  overlaps: string;
  sweepTheta: boolean;
  thetas: string;
  sweepPercentile: boolean;
  percentiles: string;
}

/** A fresh form: the first document, the app's semantic settings, the default sweep grids. */
export function newLabDraft(docIds: string[], settings: Settings | undefined): LabDraft {
  const c = settings?.chunker;
  return {
    docIds: docIds.slice(0, 1),
    questionsText: '',
    questionsSource: 'typed questions',
    budget: 4000,
    mode: settings?.search.mode ?? 'hybrid',
    objective: 'balanced',
    size: c?.kind === 'fixed' ? c.size : 500,
    overlap: c?.kind === 'fixed' ? c.overlap : 50,
    threshold: c?.kind === 'semantic' ? c.threshold : 0.8,
    ...(c?.kind === 'semantic' && c.percentile !== undefined ? { percentile: c.percentile } : {}),
    maxChars: c?.kind === 'semantic' ? c.maxChars : 500,
    llm: false,
    sweepFixed: false,
    sizes: DEFAULT_SIZES.join(', '),
    overlaps: DEFAULT_OVERLAPS.join(', '),
    sweepTheta: false,
    thetas: DEFAULT_THETAS.join(', '),
    sweepPercentile: false,
    percentiles: DEFAULT_PERCENTILES.join(', '),
  };
}

/**
 * The draft as a request, or the reasons it is not one yet. Documents no longer in the library
 * are dropped, and the LLM chunker is asked for only when a model can score splits now.
 */
export function draftRequest(d: LabDraft, context: { docIds: string[]; splitScores: boolean }): { request?: LabRequest; problems: string[] } {
  const sizes = parseNumberList(d.sizes);
  const overlaps = parseNumberList(d.overlaps);
  const thetas = parseNumberList(d.thetas);
  const percentiles = parseNumberList(d.percentiles);
  const problems: string[] = [];
  if (d.sweepFixed && (!sizes || !overlaps)) problems.push('sweep sizes and overlaps must be numbers separated by commas');
  if (d.sweepTheta && !thetas) problems.push('sweep θ values must be numbers separated by commas');
  if (d.sweepPercentile && !percentiles) problems.push('sweep percentiles must be numbers separated by commas');
  if (problems.length) return { problems };
  const request: LabRequest = {
    docIds: d.docIds.filter((id) => context.docIds.includes(id)),
    questionsText: d.questionsText,
    questionsSource: d.questionsSource,
    budget: d.budget,
    mode: d.mode,
    objective: d.objective,
    fixed: { size: d.size, overlap: d.overlap },
    semantic: { threshold: d.threshold, maxChars: d.maxChars, ...(d.percentile !== undefined ? { percentile: d.percentile } : {}) },
    llm: d.llm && context.splitScores,
    ...(d.sweepFixed ? { sweepFixed: { sizes: sizes!, overlaps: overlaps! } } : {}),
    ...(d.sweepTheta ? { sweepTheta: thetas! } : {}),
    ...(d.sweepPercentile ? { sweepPercentile: percentiles! } : {}),
  };
  return { request, problems: checkRequest(request) };
}

/** What a loaded question file holds, for the lab's summary: how many questions, the first few, or why it cannot be read. */
interface QuestionsSummary {
  count: number;
  preview: { question: string; evidence: string }[];
  error?: string;
}

/** Reads the draft's questions as the lab will, for a count and a preview of the first `n`. */
export function questionsSummary(d: Pick<LabDraft, 'questionsText' | 'questionsSource'>, n = 3): QuestionsSummary {
  try {
    const questions = parseLabQuestions(d.questionsText, { source: d.questionsSource });
    return { count: questions.length, preview: questions.slice(0, n).map((q) => ({ question: q.question, evidence: q.evidence })) };
  } catch (e) {
    return { count: 0, preview: [], error: e instanceof Error ? e.message : String(e) };
  }
}
