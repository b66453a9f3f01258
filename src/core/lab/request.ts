import type { RetrievalMode } from '../kb';
import type { LabObjective } from './best';
import { distinctSpecs, fixedSpec, llmSpec, percentileSpec, semanticSpec, sweepFixed, sweepPercentile, sweepTheta, type ChunkingSpec } from './specs';

/** What the lab panel asks for: documents, questions, and the chunkings to compare. */
export interface LabRequest {
  docIds: string[];
  /** Questions as typed, or a FinanceBench-format file's text. */
  questionsText: string;
  /** Where the questions came from (a file name, or "typed questions"), for error messages. */
  questionsSource: string;
  budget: number;
  mode: RetrievalMode;
  objective: LabObjective;
  fixed: { size: number; overlap: number };
  /**
   * maxChars: the semantic chunks' length cap (500, the app's default, when absent).
   * percentile: cut below this percentile of each document's similarities instead of below θ.
   */
  semantic: { threshold: number; maxChars?: number; percentile?: number };
  /** Include the LLM-boundary chunker (needs a language model that reads split-token probabilities). */
  llm: boolean;
  /** Fixed-size sweep: sizes in characters, overlaps as fractions of the size. */
  sweepFixed?: { sizes: number[]; overlaps: number[] };
  sweepTheta?: number[];
  /** Percentiles of each document's neighbour similarities to cut below. */
  sweepPercentile?: number[];
}

/** The semantic length cap to name in labels: none for the default. */
const semanticMaxChars = (r: LabRequest) => (r.semantic.maxChars !== undefined && r.semantic.maxChars !== DEFAULT_MAX_CHARS ? r.semantic.maxChars : undefined);

/** The chunkings each sweep asks for (empty when that sweep is off); a sweep may repeat a compared chunking. */
export function requestSweeps(r: LabRequest): { fixed: ChunkingSpec[]; theta: ChunkingSpec[]; percentile: ChunkingSpec[] } {
  return {
    fixed: r.sweepFixed ? sweepFixed(r.sweepFixed) : [],
    theta: r.sweepTheta ? sweepTheta(r.sweepTheta, semanticMaxChars(r)) : [],
    percentile: r.sweepPercentile ? sweepPercentile(r.sweepPercentile, semanticMaxChars(r)) : [],
  };
}

/** The lab's chunkings in display order: the three compared, then the sweeps (repeats dropped). */
export function requestSpecs(r: LabRequest): ChunkingSpec[] {
  const sweeps = requestSweeps(r);
  return distinctSpecs([
    fixedSpec(r.fixed.size, r.fixed.overlap),
    r.semantic.percentile !== undefined ? percentileSpec(r.semantic.percentile, semanticMaxChars(r)) : semanticSpec(r.semantic.threshold, semanticMaxChars(r)),
    ...(r.llm ? [llmSpec()] : []),
    ...sweeps.fixed,
    ...sweeps.theta,
    ...sweeps.percentile,
  ]);
}

const DEFAULT_MAX_CHARS = 500;
/** The most chunkings one run compares: each is a full chunking and retrieval of every document. */
const MAX_SPECS = 60;

/** Problems with a request, in words (empty when it can run). */
export function checkRequest(r: LabRequest): string[] {
  const out: string[] = [];
  if (r.docIds.length === 0) out.push('choose at least one document');
  if (!r.questionsText.trim()) out.push('type some questions or load a question file');
  if (!(r.budget >= 100)) out.push('the budget must be at least 100 characters');
  if (!(r.fixed.size >= 50)) out.push('the fixed chunk size must be at least 50 characters');
  if (!(r.fixed.overlap >= 0 && r.fixed.overlap < r.fixed.size)) out.push('the overlap must be at least 0 and smaller than the chunk size');
  if (!(r.semantic.threshold > -1 && r.semantic.threshold < 1)) out.push('θ must lie between -1 and 1');
  if (r.semantic.percentile !== undefined && !(r.semantic.percentile >= 0 && r.semantic.percentile <= 100)) out.push('the percentile must lie between 0 and 100');
  if (r.semantic.maxChars !== undefined && !(r.semantic.maxChars >= 50)) out.push('semantic chunks need at least 50 characters');
  if (r.sweepFixed && (r.sweepFixed.sizes.length === 0 || r.sweepFixed.overlaps.length === 0)) out.push('the fixed-size sweep needs sizes and overlaps');
  if (r.sweepFixed?.sizes.some((s) => !(s >= 50))) out.push('sweep sizes must be at least 50 characters');
  if (r.sweepFixed?.overlaps.some((o) => !(o >= 0 && o < 1))) out.push('sweep overlaps are fractions of the size, from 0 up to (not including) 1');
  if (r.sweepTheta && (r.sweepTheta.length === 0 || r.sweepTheta.some((t) => !(t > -1 && t < 1)))) out.push('sweep θ values must lie between -1 and 1');
  if (r.sweepPercentile && (r.sweepPercentile.length === 0 || r.sweepPercentile.some((p) => !(p >= 0 && p <= 100)))) out.push('sweep percentiles must lie between 0 and 100');
  const whole = [r.fixed.size, r.fixed.overlap, r.budget, r.semantic.maxChars ?? DEFAULT_MAX_CHARS, ...(r.sweepFixed?.sizes ?? [])];
  if (whole.some((n) => !Number.isInteger(n))) out.push('sizes, overlaps and the budget are whole numbers of characters');
  if (out.length > 0) return out;
  const specs = requestSpecs(r).length;
  if (specs > MAX_SPECS) out.push(`that is ${specs} chunkings; compare at most ${MAX_SPECS} at once`);
  return out;
}

/** "200, 300 500" → [200, 300, 500]; undefined when a value is not a number. */
export function parseNumberList(text: string): number[] | undefined {
  const parts = text.split(/[,\s]+/).filter(Boolean);
  const nums = parts.map(Number);
  return nums.some((n) => !Number.isFinite(n)) ? undefined : nums;
}
