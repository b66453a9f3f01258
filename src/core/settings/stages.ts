export type ScoringMode = 'generate' | 'logprob';

export interface GradeSettings {
  mode: ScoringMode;
  /** How base, reflection and critic scores combine into the final grade (normalised to sum 1). */
  weights: { base: number; reflection: number; critic: number };
  /** logprob mode: reflect only on chunks whose provisional grade lies within this of the provisional threshold. */
  reflectionMargin: number;
  /** For the provisional threshold in logprob mode (the same ε as the final threshold). */
  epsilon: number;
  /** Longest reply accepted for a generated score. */
  maxScoreTokens: number;
}

/**
 * Self-reflection is off by default (weight 0, so it is not even asked for): on the 41 dev
 * questions with Qwen2.5-Coder-0.5B it doubled the grading calls (38 against 19 a question) and
 * changed no answer (27 of 41 right either way), while evidence reached the answer less often
 * (pageRecall 0.805 with it, 0.854 without). docs/evaluation.md has the ablation.
 */
export const DEFAULT_GRADE_SETTINGS: GradeSettings = {
  mode: 'logprob',
  weights: { base: 0.5, reflection: 0, critic: 0.2 },
  reflectionMargin: 0.15,
  epsilon: 0.01,
  maxScoreTokens: 12,
};

/** How the LLM as retriever judges chunks. */
export interface JudgeSettings {
  scale: 'yes-no' | 'grade';
  /** Grade scale only, on 1–10: a chunk is relevant when its grade ≥ threshold. */
  threshold: number;
  /** Generate mode: chunks per call. */
  batch: number;
  mode: 'generate' | 'logprob';
  /** Generate mode: reply tokens allowed per chunk in a batch (default 12). */
  maxTokensPerChunk?: number;
}

export const DEFAULT_JUDGE_SETTINGS: JudgeSettings = { scale: 'grade', threshold: 5, batch: 5, mode: 'generate' };

/** The knobs of relevant segment extraction. */
export interface RseSettings {
  /** Subtracted from every chunk's relevance: higher keeps segments tighter. */
  penalty: number;
  /** Rank decay for retrieval-only relevance (ranks past this fade to about a third). */
  decay: number;
  maxChunks: number;
  /** A segment must be worth more than this. */
  minValue: number;
  /** Candidates whose relevance seeds the values (a larger pool finds more). */
  candidates: number;
}

/** Presets in the spirit of dsRAG's: precise answers, a balance, or everything relevant. */
export const RSE_PRESETS: Record<'precise' | 'balanced' | 'find-everything', RseSettings> = {
  precise: { penalty: 0.3, decay: 10, maxChunks: 8, minValue: 0.5, candidates: 40 },
  balanced: { penalty: 0.2, decay: 30, maxChunks: 15, minValue: 0.3, candidates: 80 },
  'find-everything': { penalty: 0.12, decay: 60, maxChunks: 30, minValue: 0.2, candidates: 160 },
};

export const DEFAULT_RSE: RseSettings = RSE_PRESETS.balanced;

/** Default cosine threshold for "this answer sentence reflects this source sentence". */
export const DEFAULT_ATTRIBUTION_THRESHOLD = 0.6;
