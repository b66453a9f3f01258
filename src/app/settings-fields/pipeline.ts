import { choice, num, toggle } from './field-builders';
import type { FieldSpec } from './field-spec';
import { withPipeline, withThreshold } from './updates';

export const PIPELINE_FIELDS: readonly FieldSpec[] = [
  toggle(
    'pipeline.routing',
    'pipeline',
    'Keep to the documents a question names',
    (s) => s.pipeline.routing,
    (s, v) => withPipeline(s, { routing: v }),
    {
      hint: 'A question that names a company, ticker or file, and a year or quarter, searches only those documents; the answer offers to search them all.',
    },
  ),
  toggle(
    'pipeline.figures',
    'pipeline',
    'Answer figures from the tables',
    (s) => s.pipeline.figures,
    (s, v) => withPipeline(s, { figures: v }),
    {
      hint: 'A question asking for a line item, a metric or a ratio it defines is answered first by the figure Sieve reads and computes from the tables, with every input cell cited.',
    },
  ),
  toggle(
    'pipeline.rewrite',
    'pipeline',
    'Rewrite the question with the LLM before searching',
    (s) => s.pipeline.rewrite,
    (s, v) => withPipeline(s, { rewrite: v }),
    {
      needs: 'llm',
      hint: 'The original question is still used for keywords and grading.',
    },
  ),
  num(
    'pipeline.candidates',
    'pipeline',
    'Chunks retrieved for a question',
    [1, 100, 1],
    (s) => s.pipeline.candidates,
    (s, v) => withPipeline(s, { candidates: v }),
    { symbol: 'N' },
  ),
  num(
    'pipeline.duplicateThreshold',
    'pipeline',
    'Similarity at which a chunk counts as a duplicate',
    [0, 1, 0.01],
    (s) => s.pipeline.duplicateThreshold,
    (s, v) => withPipeline(s, { duplicateThreshold: v }),
    {
      symbol: 'λ_dup',
      hint: 'A chunk more similar than this to a better-ranked one is dropped as redundant, unless the two name different figures or years.',
    },
  ),
  num(
    'threshold.floor',
    'pipeline',
    'Lowest grade a chunk may have and still be used',
    [0, 1, 0.01],
    (s) => s.pipeline.threshold.floor,
    (s, v) => withThreshold(s, { floor: v }),
    {
      symbol: 'grade floor',
      hint: 'No chunk graded below this is used, whatever the threshold.',
    },
  ),
  num(
    'pipeline.contextBudget',
    'pipeline',
    'Characters of chunks given to the answer',
    [200, 64000, 100],
    (s) => s.pipeline.contextBudget,
    (s, v) => withPipeline(s, { contextBudget: v }),
    {
      symbol: 'context budget',
    },
  ),
  toggle(
    'pipeline.modelChoosesPassages',
    'pipeline',
    'Let the LLM choose the passages (rewrite the query, grade every candidate)',
    (s) => s.pipeline.modelChoosesPassages,
    (s, v) => withPipeline(s, { modelChoosesPassages: v }),
    {
      needs: 'llm',
      hint: 'Off (the default): the passages are chosen as without a model, and the model only works on the best of them. On: ChunkRAG’s rewrite and grading, one model call per candidate; measured to lower the share of right answers with the small models offered here.',
    },
  ),
  choice(
    'pipeline.llmAnswer',
    'pipeline',
    'What the LLM writes',
    [
      { value: 'reader', label: 'One or two checked sentences' },
      { value: 'writer', label: 'A long answer over every kept chunk' },
      { value: 'off', label: 'Nothing (Sieve’s answer only)' },
    ],
    (s) => s.pipeline.llmAnswer,
    (s, v) => withPipeline(s, { llmAnswer: v === 'writer' || v === 'off' ? v : 'reader' }),
    {
      needs: 'llm',
      hint: 'Nothing (the default): no text is generated; the model only picks, as set below. Checked sentences: the model reads Sieve’s finding and the four best passages, and its reply is shown only if every figure in it is in what it cites (on questions written after the code it changed no answer, for a few seconds a question natively). Long answer: ChunkRAG’s answer over all kept chunks, up to the longest answer below.',
    },
  ),
  toggle(
    'pipeline.modelVerdicts',
    'pipeline',
    'Let the LLM choose Yes or No',
    (s) => s.pipeline.modelVerdicts.enabled,
    (s, v) => withPipeline(s, { modelVerdicts: { ...s.pipeline.modelVerdicts, enabled: v } }),
    {
      needs: 'llm',
      hint: 'For a yes/no question no figure settles, the model reads the five best sentences and Sieve reads how likely it finds “Yes”, “No” and “Unknown” (one step of the model, nothing written). Its Yes or No leads when it beats the other by the margin below. On by default: on questions written after the code Qwen2.5-Coder-1.5B was sure enough on 8 of 62 yes/no questions and right 7 times, turning 6 answers from “cannot judge” to right (0.5B is never sure enough). It costs one model call per yes/no question.',
    },
  ),
  toggle(
    'pipeline.modelSentence',
    'pipeline',
    'Let the LLM pick the sentence an answer opens with',
    (s) => s.pipeline.modelSentence.enabled,
    (s, v) => withPipeline(s, { modelSentence: { ...s.pipeline.modelSentence, enabled: v } }),
    {
      needs: 'llm',
      hint: 'For a question Sieve finds no figure, row or span for, the model reads the five best sentences and Sieve reads which number it is likeliest to give as the one that answers (one step of the model, nothing written). The quoted answer then opens with that sentence; it is still only a quote. On by default: on questions written after the code it put the right sentence first 4 more times in 72 with Qwen2.5-Coder-1.5B (1 more with 0.5B), and never a wrong one where the right one had led.',
    },
  ),
  num(
    'modelVerdicts.margin',
    'pipeline',
    'Margin the LLM’s Yes or No needs to lead',
    [0, 1, 0.05],
    (s) => s.pipeline.modelVerdicts.margin,
    (s, v) => withPipeline(s, { modelVerdicts: { ...s.pipeline.modelVerdicts, margin: v } }),
    { needs: 'llm' },
  ),
  num(
    'pipeline.maxAnswerTokens',
    'pipeline',
    'Longest answer (tokens)',
    [16, 4096, 16],
    (s) => s.pipeline.maxAnswerTokens,
    (s, v) => withPipeline(s, { maxAnswerTokens: v }),
    {
      needs: 'llm',
      hint: 'Without a language model the answer quotes sentences and has no token limit.',
    },
  ),
];
