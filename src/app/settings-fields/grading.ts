import type { PipelineSettings } from '../../core/settings';
import { choice, num } from './field-builders';
import type { FieldSpec } from './field-spec';
import { withGradeWeights, withGrading, withPipeline, withThreshold } from './updates';

/** Grading (needs a language model) and the grade threshold, under Advanced. */
export const GRADING_FIELDS: readonly FieldSpec[] = [
  choice(
    'grading.mode',
    'advanced',
    'How the model grades chunks',
    [
      { value: 'logprob', label: 'From its next-token probabilities (fast; a second look only near the threshold)' },
      { value: 'generate', label: 'By writing each grade and a second look (as in the paper)' },
    ],
    (s) => s.pipeline.grading.mode,
    (s, v) => withGrading(s, { mode: v as PipelineSettings['grading']['mode'] }),
    { needs: 'llm' },
  ),
  num(
    'grading.base',
    'advanced',
    'Weight of the first grade',
    [0, 1, 0.05],
    (s) => s.pipeline.grading.weights.base,
    (s, v) => withGradeWeights(s, { base: v }),
    { needs: 'llm', symbol: 'base score' },
  ),
  num(
    'grading.reflection',
    'advanced',
    'Weight of the model’s second look',
    [0, 1, 0.05],
    (s) => s.pipeline.grading.weights.reflection,
    (s, v) => withGradeWeights(s, { reflection: v }),
    {
      needs: 'llm',
      symbol: 'reflection',
    },
  ),
  num(
    'grading.critic',
    'advanced',
    'Weight of the critic check',
    [0, 1, 0.05],
    (s) => s.pipeline.grading.weights.critic,
    (s, v) => withGradeWeights(s, { critic: v }),
    { needs: 'llm', symbol: 'critic' },
  ),
  num(
    'grading.reflectionMargin',
    'advanced',
    'Second look only for grades this close to the threshold',
    [0, 1, 0.01],
    (s) => s.pipeline.grading.reflectionMargin,
    (s, v) => withGrading(s, { reflectionMargin: v }),
    {
      needs: 'llm',
      symbol: 'reflection margin',
      hint: 'Next-token grading only.',
    },
  ),
  num(
    'grading.maxScoreTokens',
    'advanced',
    'Longest grade reply (tokens)',
    [1, 64, 1],
    (s) => s.pipeline.grading.maxScoreTokens,
    (s, v) => withGrading(s, { maxScoreTokens: v }),
    { needs: 'llm' },
  ),
  choice(
    'threshold.mode',
    'advanced',
    'Who sets the grade threshold',
    [
      { value: 'dynamic', label: 'Computed from the grades: their mean, or mean + spread when they are close' },
      { value: 'llm', label: 'The language model proposes it from the grades', needs: 'llm' },
    ],
    (s) => s.pipeline.threshold.mode,
    (s, v) => withThreshold(s, { mode: v as 'dynamic' | 'llm' }),
    { symbol: 'T = μ or μ + σ' },
  ),
  num(
    'threshold.epsilon',
    'advanced',
    'Grades count as close when their variance is below',
    [0, 1, 0.001],
    (s) => s.pipeline.threshold.epsilon,
    (s, v) => withPipeline(withThreshold(s, { epsilon: v }), { grading: { ...s.pipeline.grading, epsilon: v } }),
    {
      symbol: 'ε',
      hint: 'Close grades raise the threshold from their mean μ to μ + σ.',
    },
  ),
  num(
    'threshold.minDense',
    'advanced',
    'Least similarity for a chunk with none of the question’s words',
    [-1, 1, 0.01],
    (s) => s.pipeline.threshold.minDense,
    (s, v) => withThreshold(s, { minDense: v }),
    {
      symbol: 'minimum cosine',
      hint: 'A candidate needs a word of the question or at least this similarity.',
    },
  ),
  num(
    'threshold.relative',
    'advanced',
    'Keep chunks graded at least this share of the best one',
    [0, 1, 0.05],
    (s) => s.pipeline.threshold.relative,
    (s, v) => withThreshold(s, { relative: v }),
    {
      hint: 'They are kept until the context budget is full. 0 uses the computed threshold (μ or μ + σ) instead.',
    },
  ),
];
