import type { ChunkerSettings, PipelineSettings, Settings } from '../../core/settings';

export const withChunker = (s: Settings, chunker: ChunkerSettings): Settings => ({ ...s, chunker });
export const withPipeline = (s: Settings, patch: Partial<PipelineSettings>): Settings => ({ ...s, pipeline: { ...s.pipeline, ...patch } });
export const withGrading = (s: Settings, patch: Partial<PipelineSettings['grading']>) => withPipeline(s, { grading: { ...s.pipeline.grading, ...patch } });
export const withGradeWeights = (s: Settings, patch: Partial<PipelineSettings['grading']['weights']>) => withGrading(s, { weights: { ...s.pipeline.grading.weights, ...patch } });
export const withThreshold = (s: Settings, patch: Partial<PipelineSettings['threshold']>) => withPipeline(s, { threshold: { ...s.pipeline.threshold, ...patch } });
export const withRetriever = (s: Settings, patch: Partial<PipelineSettings['llmRetriever']>) => withPipeline(s, { llmRetriever: { ...s.pipeline.llmRetriever, ...patch } });
export const withSegments = (s: Settings, patch: Partial<PipelineSettings['segments']>) => withPipeline(s, { segments: { ...s.pipeline.segments, ...patch } });

/** Search and questions retrieve with the same weights: one control sets both. */
export function withWeight(s: Settings, key: 'bm25' | 'dense', v: number): Settings {
  return {
    ...s,
    search: { ...s.search, weights: { ...s.search.weights, [key]: v } },
    pipeline: { ...s.pipeline, weights: { ...s.search.weights, [key]: v } },
  };
}
