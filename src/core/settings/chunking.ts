/**
 * Semantic chunks: neighbours at least θ (`threshold`) similar stay together. With
 * `percentile` (0–100), θ is instead that percentile of each document's own neighbour
 * similarities (25: the quarter of neighbour pairs least alike become boundaries), which
 * means the same whatever the embedder's similarity scale; `threshold` is then unused.
 */
type SemanticChunker = { kind: 'semantic'; threshold: number; maxChars: number; percentile?: number };

type FixedChunker = { kind: 'fixed'; size: number; overlap: number };

/**
 * LlamaChunk: boundaries where a language model puts most probability on a split character
 * (needs a transformers.js LLM). threshold: decay-corrected log-prob a peak must reach;
 * minChars / maxChars: chunk size limits. Windows are sized to the model's context.
 */
type LlmChunker = { kind: 'llm'; threshold: number; minChars: number; maxChars: number };

interface ChunkHeaderOptions {
  /** Give each chunk a contextual header (title › section path) for embedding and search. Default on. */
  headers?: boolean;
  /**
   * Also put the header into each chunk's vector (not only BM25 and reranking). Off by default:
   * with the bundled model it did not help dense retrieval on the dev set and costs ingest time.
   */
  headerVectors?: boolean;
}

export type ChunkerSettings = (SemanticChunker | FixedChunker | LlmChunker) & ChunkHeaderOptions;

export const DEFAULT_CHUNKER: ChunkerSettings = { kind: 'semantic', threshold: 0.8, percentile: 90, maxChars: 500, headers: true };

/** LLM-boundary (LlamaChunk) defaults; DEFAULT_LLAMACHUNK takes its threshold and sizes from here. */
export const DEFAULT_LLM_CHUNKER: Extract<ChunkerSettings, { kind: 'llm' }> = { kind: 'llm', threshold: 2, minChars: 200, maxChars: 1500, headers: true };

/** The fixed-size chunker's defaults (the baseline ChunkRAG compares with). */
export const DEFAULT_FIXED_CHUNKER: Extract<ChunkerSettings, { kind: 'fixed' }> = { kind: 'fixed', size: 500, overlap: 50, headers: true };

/** The percentile offered when a user switches to percentile breakpoints. */
export const DEFAULT_BREAKPOINT_PERCENTILE = 25;

export interface LlamaChunkSettings {
  windowChars: number;
  overlapChars: number;
  /** Minimum decay-corrected score (log-odds over the positional trend) for a peak. */
  threshold: number;
  minChars: number;
  maxChars: number;
  /** Fit and subtract the positional trend (default true). */
  decay: boolean;
}

export const DEFAULT_LLAMACHUNK: LlamaChunkSettings = {
  windowChars: 2000,
  overlapChars: 400,
  // The 'llm' chunker setting's defaults, so the app and direct callers cut alike.
  threshold: DEFAULT_LLM_CHUNKER.threshold,
  minChars: DEFAULT_LLM_CHUNKER.minChars,
  maxChars: DEFAULT_LLM_CHUNKER.maxChars,
  decay: true,
};
