import type { Embedder } from '../core/embed';
import type { FusionWeights } from '../core/settings';
import { wordTokens } from '../core/text';
import type { SplitScorer } from '../core/llamachunk';
import {
  assignQuestions,
  type LabCandidateDoc,
  bestSpec,
  type LabObjective,
  parseLabQuestions,
  checkRequest,
  requestSpecs,
  requestSweeps,
  type LabRequest,
  runLab,
  type LabProgress,
  type LabResult,
} from '../core/lab';

/** A lab result without the per-chunk lengths (the summary and histogram keep what the panel plots). */
export type LabResultSummary = Omit<LabResult, 'chunkLengths'>;

export interface LabResponse {
  results: LabResultSummary[];
  /** Questions that took part, and those left out (with why). */
  questions: number;
  problems: string[];
  /** The best overall, and the best of each sweep. */
  best: Partial<Record<'overall' | 'fixed' | 'semantic' | 'percentile', string>>;
  /** Labels of the results each sweep produced (a sweep may repeat a compared chunking). */
  sweeps: { fixed: string[]; theta: string[]; percentile: string[] };
  objective: LabObjective;
  ms: number;
}

interface LabDeps {
  documents: LabCandidateDoc[];
  embedder: Embedder;
  scorer?: SplitScorer;
  /** The app's search weights and header setting, so the lab retrieves as questions do. */
  weights?: FusionWeights;
  headers?: boolean;
}

/** Evidence this short is found almost anywhere: its ratios say little about the chunking. */
const MIN_EVIDENCE_WORDS = 5;

export class LabRequestError extends Error {}

/**
 * Runs the chunking lab on library documents: reads the questions, ties them to the chosen
 * documents, and compares the requested chunkings. Nothing is written to the knowledge base.
 */
export async function runLabRequest(request: LabRequest, deps: LabDeps, onProgress: (p: LabProgress) => void, signal: AbortSignal): Promise<LabResponse> {
  const t0 = performance.now();
  const wrong = checkRequest(request);
  if (wrong.length) throw new LabRequestError(`The lab cannot run: ${wrong.join('; ')}.`);
  let parsed;
  try {
    parsed = parseLabQuestions(request.questionsText, { source: request.questionsSource });
  } catch (e) {
    throw new LabRequestError(e instanceof Error ? e.message : String(e));
  }
  const { questions, problems } = assignQuestions(parsed, deps.documents);
  for (const q of questions) {
    const n = wordTokens(q.evidence).length;
    if (n < MIN_EVIDENCE_WORDS)
      problems.push(`${q.id}: its evidence is only ${n} word${n === 1 ? '' : 's'}; quote the passage that answers it, not the answer, or its ratios say little`);
  }
  if (questions.length === 0) throw new LabRequestError(`None of the ${parsed.length} questions is about the chosen documents: ${problems.slice(0, 3).join('; ')}`);
  const specs = requestSpecs(request);
  const results = await runLab({
    docs: deps.documents.filter((d) => questions.some((q) => q.docId === d.docId)).map(({ docId, title, text, pages, sections }) => ({ docId, title, text, pages, sections })),
    questions,
    embedder: deps.embedder,
    specs,
    budget: request.budget,
    mode: request.mode,
    weights: deps.weights,
    headers: deps.headers,
    scorer: deps.scorer,
    signal,
    onProgress,
  });
  const sweeps = requestSweeps(request);
  const fixedSweep = new Set(sweeps.fixed.map((x) => x.label));
  const thetaSweep = new Set(sweeps.theta.map((x) => x.label));
  const percentileSweep = new Set(sweeps.percentile.map((x) => x.label));
  const within = (labels: Set<string>) => results.filter((r) => labels.has(r.label));
  return {
    results: results.map(({ chunkLengths: _lengths, ...r }) => r),
    questions: questions.length,
    problems,
    best: {
      overall: bestSpec(results, request.objective)?.label,
      fixed: bestSpec(within(fixedSweep), request.objective)?.label,
      semantic: bestSpec(within(thetaSweep), request.objective)?.label,
      percentile: bestSpec(within(percentileSweep), request.objective)?.label,
    },
    sweeps: { fixed: [...fixedSweep], theta: [...thetaSweep], percentile: [...percentileSweep] },
    objective: request.objective,
    ms: performance.now() - t0,
  };
}
