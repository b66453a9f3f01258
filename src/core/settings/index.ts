/**
 * Sieve's settings and the defaults of its tunable parts (chunkers, search, the question
 * pipeline, the lab), each type beside its default value. Saved settings (and partial updates)
 * are merged onto these defaults by withDefaults, which also keeps numbers in range. These
 * modules are leaves: types, defaults and a few pure functions on them, importing
 * nothing else from core.
 */
export { DEFAULT_SETTINGS, withDefaults, type Settings } from './app';
export { DEFAULT_CROSS_ENCODER, llmModelName, type EmbedderSettings, type LlmSettings, type RerankerSettings, type TransformersModel, type WllamaSettings } from './models';
export {
  DEFAULT_BREAKPOINT_PERCENTILE,
  DEFAULT_CHUNKER,
  DEFAULT_FIXED_CHUNKER,
  DEFAULT_LLAMACHUNK,
  DEFAULT_LLM_CHUNKER,
  type ChunkerSettings,
  type LlamaChunkSettings,
} from './chunking';
export { DEFAULT_PREFILTER_ROWS, DEFAULT_WEIGHTS, type FusionWeights, type SearchSettings } from './retrieval';
export { DEFAULT_PIPELINE, withPipelineDefaults, type PipelineSettings } from './pipeline';
export {
  DEFAULT_ATTRIBUTION_THRESHOLD,
  DEFAULT_GRADE_SETTINGS,
  DEFAULT_JUDGE_SETTINGS,
  DEFAULT_RSE,
  RSE_PRESETS,
  type GradeSettings,
  type JudgeSettings,
  type RseSettings,
  type ScoringMode,
} from './stages';
export { DEFAULT_OVERLAPS, DEFAULT_PERCENTILES, DEFAULT_SIZES, DEFAULT_THETAS } from './lab';
