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
