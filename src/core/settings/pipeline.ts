import { clamp } from './clamp';
import type { FusionWeights } from './retrieval';
import { DEFAULT_GRADE_SETTINGS, DEFAULT_JUDGE_SETTINGS, DEFAULT_RSE, type GradeSettings, type JudgeSettings, type RseSettings } from './stages';

export interface PipelineSettings {
  /** Rewrite the query with the LLM before retrieval (the original is kept for BM25 and grading). */
  rewrite: boolean;
  /** Lean toward the documents a question names (company, ticker, file name) and the period it asks about. */
  routing: boolean;
  /** N: candidates taken from hybrid retrieval. */
  candidates: number;
  weights: FusionWeights;
  /** λ_dup: a candidate more similar than this to a better one is a duplicate. */
  duplicateThreshold: number;
  grading: GradeSettings;
  threshold: {
    mode: 'dynamic' | 'llm';
    /** ε: below this variance the threshold is μ + σ instead of μ. */
    epsilon: number;
    /** No chunk with a final grade under this is used, whatever the threshold. */
    floor: number;
    /** Retrieval-only floor: a candidate needs a keyword match or at least this cosine similarity. */
    minDense: number;
    /**
     * Retrieval-only threshold: keep candidates whose grade is at least this share of the best
     * one's, then fill the budget (0: ChunkRAG's dynamic threshold, as with a language model).
     */
    relative: number;
  };
  /** Read the figure a question asks for from the documents' tables and compute it (the figure stage). */
  figures: boolean;
  /** Use the configured cross-encoder to order kept chunks (else their final grade). */
  rerank: boolean;
  /** Characters of kept chunks given to the answer. */
  contextBudget: number;
  /**
   * LLM as retriever: 'primary' judges every chunk of the chosen documents instead of hybrid
   * retrieval; 'refine' judges a larger hybrid top-N; 'fallback' runs primary when nothing
   * clears the floor. Needs a language model; 'off' by default.
   */
  llmRetriever: { use: 'off' | 'primary' | 'refine' | 'fallback'; refineCandidates: number } & JudgeSettings;
  /** Relevant segment extraction: give the answer runs of adjacent chunks instead of isolated ones. */
  segments: { enabled: boolean } & RseSettings;
  maxAnswerTokens: number;
  /**
   * With a language model, how it answers: 'reader' writes one or two sentences from Sieve's own
   * findings and the few best passages, checked before they are shown (core/reader); 'writer'
   * writes a longer answer over every kept passage (ChunkRAG's answer step); 'off' (the default)
   * writes nothing: Sieve's own answer alone, the model only choosing (modelSentence,
   * modelVerdicts). Off by default since session 21: on fresh set 6 the reader (Qwen2.5-Coder-1.5B)
   * changed no answer's rightness, first line included, for about 4 s a question natively.
   */
  llmAnswer: 'reader' | 'writer' | 'off';
  /**
   * With a language model: it also chooses the passages, rewriting the query and grading the
   * candidates (true, ChunkRAG's way), or the passages are chosen as without one and the model
   * only reads them (false, the default: with Qwen2.5-Coder-0.5B its grading lowered answerCorrect
   * on the reading set from 0.636 to 0.545, and on FinanceBench dev from 32 to 27 of 41; see
   * docs/evaluation.md).
   */
  modelChoosesPassages: boolean;
  /**
   * With a language model: for a yes/no question no figure settles, the model reads the best
   * sentences and Sieve reads its probabilities of "Yes", "No" and "Unknown" (no text is
   * generated). Its Yes or No leads when the winner's probability beats the runner-up's by at
   * least `margin`. The margin (0.8) was chosen on seen data, on a grid of tenths: the smallest
   * at which Qwen2.5-Coder-1.5B's verdicts were right at least 85% of the time on the yes/no
   * questions of fresh sets 1–5 and the reading set (9 of 9; 15 of 18 at 0.7); the 0.5B model's
   * margins never reach it (at most 0.32), so with it the model never leads. On fresh sets 6 and 7
   * (26 yes/no questions it weighed, unseen) the 1.5B model led 1 answer (right) and changed no
   * score. On by default since session 24: on fresh sets 8 and 9 (first runs, 24 yes/no questions)
   * it led 3 answers, all right, raising right answers and first lines right by 2 and 1, none lost,
   * for one model call per yes/no question. On fresh set 10 (unseen, after it was switched on) it led
   * 4 of 12, 3 right: 7 of 8 on fresh data.
   */
  modelVerdicts: { enabled: boolean; margin: number };
  /**
   * With a language model: for a question no finding stage answers, the model picks which of the
   * five best sentences answers it (by its probabilities over their numbers), and the quoted
   * answer opens with that one when the pick beats the runner-up by at least `margin` (a tie
   * never). On by default with a model: the margin (0, any pick) was chosen on seen data (fresh
   * sets 4–6: first lines right 59 → 67 of 217 at 0, fewer at any higher tenth); on fresh set 7
   * (unseen) it raised first lines right from 20 to 24 of 72 with Qwen2.5-Coder-1.5B and to 21
   * with 0.5B, none lost, right answers unchanged (29). The answer states nothing more: it is a quote.
   */
  modelSentence: { enabled: boolean; margin: number };
}

/** ChunkRAG's values where the paper gives them (N 20, weights 0.5/0.5, λ_dup 0.9, ε 0.01 as its implementations use). */
export const DEFAULT_PIPELINE: PipelineSettings = {
  rewrite: true,
  routing: true,
  candidates: 20,
  weights: { bm25: 0.5, dense: 0.5 },
  duplicateThreshold: 0.9,
  grading: DEFAULT_GRADE_SETTINGS,
  threshold: { mode: 'dynamic', epsilon: 0.01, floor: 0.3, minDense: 0.3, relative: 0.5 },
  figures: true,
  rerank: true,
  contextBudget: 4000,
  maxAnswerTokens: 384,
  llmAnswer: 'off',
  modelChoosesPassages: false,
  modelVerdicts: { enabled: true, margin: 0.8 },
  modelSentence: { enabled: true, margin: 0 },
  segments: { enabled: false, ...DEFAULT_RSE },
  llmRetriever: { use: 'off', refineCandidates: 60, ...DEFAULT_JUDGE_SETTINGS },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Saved or partial pipeline settings completed from the defaults, numbers kept in range. */
export function withPipelineDefaults(saved: DeepPartial<PipelineSettings> | undefined): PipelineSettings {
  const d = DEFAULT_PIPELINE;
  const s = saved ?? {};
  const g = s.grading ?? {};
  const gw = g.weights ?? {};
  const t = s.threshold ?? {};
  const w = s.weights ?? {};
  return {
    rewrite: typeof s.rewrite === 'boolean' ? s.rewrite : d.rewrite,
    routing: typeof s.routing === 'boolean' ? s.routing : d.routing,
    candidates: Math.round(clamp(s.candidates, 1, 100, d.candidates)),
    weights: { bm25: clamp(w.bm25, 0, 1, d.weights.bm25), dense: clamp(w.dense, 0, 1, d.weights.dense) },
    duplicateThreshold: clamp(s.duplicateThreshold, 0, 1, d.duplicateThreshold),
    grading: {
      mode: g.mode === 'generate' || g.mode === 'logprob' ? g.mode : d.grading.mode,
      weights: {
        base: clamp(gw.base, 0, 1, d.grading.weights.base),
        reflection: clamp(gw.reflection, 0, 1, d.grading.weights.reflection),
        critic: clamp(gw.critic, 0, 1, d.grading.weights.critic),
      },
      reflectionMargin: clamp(g.reflectionMargin, 0, 1, d.grading.reflectionMargin),
      epsilon: clamp(t.epsilon, 0, 1, d.threshold.epsilon),
      maxScoreTokens: Math.round(clamp(g.maxScoreTokens, 1, 64, d.grading.maxScoreTokens)),
    },
    threshold: {
      mode: t.mode === 'llm' || t.mode === 'dynamic' ? t.mode : d.threshold.mode,
      epsilon: clamp(t.epsilon, 0, 1, d.threshold.epsilon),
      floor: clamp(t.floor, 0, 1, d.threshold.floor),
      minDense: clamp(t.minDense, -1, 1, d.threshold.minDense),
      relative: clamp(t.relative, 0, 1, d.threshold.relative),
    },
    figures: typeof s.figures === 'boolean' ? s.figures : d.figures,
    modelChoosesPassages: typeof s.modelChoosesPassages === 'boolean' ? s.modelChoosesPassages : d.modelChoosesPassages,
    modelVerdicts: {
      enabled: typeof s.modelVerdicts?.enabled === 'boolean' ? s.modelVerdicts.enabled : d.modelVerdicts.enabled,
      margin: clamp(s.modelVerdicts?.margin, 0, 1, d.modelVerdicts.margin),
    },
    modelSentence: {
      enabled: typeof s.modelSentence?.enabled === 'boolean' ? s.modelSentence.enabled : d.modelSentence.enabled,
      margin: clamp(s.modelSentence?.margin, 0, 1, d.modelSentence.margin),
    },
    rerank: typeof s.rerank === 'boolean' ? s.rerank : d.rerank,
    contextBudget: Math.round(clamp(s.contextBudget, 200, 64000, d.contextBudget)),
    llmRetriever: {
      use: (['off', 'primary', 'refine', 'fallback'] as const).find((m) => m === s.llmRetriever?.use) ?? d.llmRetriever.use,
      refineCandidates: Math.round(clamp(s.llmRetriever?.refineCandidates, 1, 500, d.llmRetriever.refineCandidates)),
      scale: s.llmRetriever?.scale === 'yes-no' || s.llmRetriever?.scale === 'grade' ? s.llmRetriever.scale : d.llmRetriever.scale,
      threshold: clamp(s.llmRetriever?.threshold, 1, 10, d.llmRetriever.threshold),
      batch: Math.round(clamp(s.llmRetriever?.batch, 1, 20, d.llmRetriever.batch)),
      mode: s.llmRetriever?.mode === 'logprob' || s.llmRetriever?.mode === 'generate' ? s.llmRetriever.mode : d.llmRetriever.mode,
    },
    segments: {
      enabled: typeof s.segments?.enabled === 'boolean' ? s.segments.enabled : d.segments.enabled,
      penalty: clamp(s.segments?.penalty, 0, 1, d.segments.penalty),
      decay: clamp(s.segments?.decay, 1, 1000, d.segments.decay),
      maxChunks: Math.round(clamp(s.segments?.maxChunks, 1, 200, d.segments.maxChunks)),
      minValue: clamp(s.segments?.minValue, 0, 10, d.segments.minValue),
      candidates: Math.round(clamp(s.segments?.candidates, 1, 500, d.segments.candidates)),
    },
    maxAnswerTokens: Math.round(clamp(s.maxAnswerTokens, 16, 4096, d.maxAnswerTokens)),
    llmAnswer: s.llmAnswer === 'writer' || s.llmAnswer === 'reader' || s.llmAnswer === 'off' ? s.llmAnswer : d.llmAnswer,
  };
}
