import type { PipelineSettings } from '../../core/settings';
import { choice, num } from './field-builders';
import type { FieldSpec } from './field-spec';
import { withRetriever } from './updates';

/** The language model as retriever, under Advanced. */
export const RETRIEVER_FIELDS: readonly FieldSpec[] = [
  choice(
    'retriever.use',
    'advanced',
    'Let the language model read the chunks itself',
    [
      { value: 'off', label: 'Off' },
      { value: 'primary', label: 'Always: it reads every chunk of the documents', needs: 'llm' },
      { value: 'refine', label: 'To refine: it judges a larger set of search results', needs: 'llm' },
      { value: 'fallback', label: 'As a fallback: it reads every chunk when nothing clears the floor', needs: 'llm' },
    ],
    (s) => s.pipeline.llmRetriever.use,
    (s, v) => withRetriever(s, { use: v as PipelineSettings['llmRetriever']['use'] }),
    { needs: 'llm', symbol: 'LLM as retriever' },
  ),
  choice(
    'retriever.scale',
    'advanced',
    'It answers',
    [
      { value: 'grade', label: 'A grade from 1 to 10' },
      { value: 'yes-no', label: 'Relevant: yes or no' },
    ],
    (s) => s.pipeline.llmRetriever.scale,
    (s, v) => withRetriever(s, { scale: v as 'yes-no' | 'grade' }),
    { needs: 'llm' },
  ),
  choice(
    'retriever.mode',
    'advanced',
    'Judge by',
    [
      { value: 'generate', label: 'Written answers, several chunks per call' },
      { value: 'logprob', label: 'Next-token probabilities, one chunk per call' },
    ],
    (s) => s.pipeline.llmRetriever.mode,
    (s, v) => withRetriever(s, { mode: v as 'generate' | 'logprob' }),
    { needs: 'llm' },
  ),
  num(
    'retriever.threshold',
    'advanced',
    'Grade a chunk needs (1–10)',
    [1, 10, 1],
    (s) => s.pipeline.llmRetriever.threshold,
    (s, v) => withRetriever(s, { threshold: v }),
    { needs: 'llm' },
  ),
  num(
    'retriever.batch',
    'advanced',
    'Chunks per model call',
    [1, 20, 1],
    (s) => s.pipeline.llmRetriever.batch,
    (s, v) => withRetriever(s, { batch: v }),
    { needs: 'llm' },
  ),
  num(
    'retriever.refineCandidates',
    'advanced',
    'Search results it judges when refining',
    [1, 500, 1],
    (s) => s.pipeline.llmRetriever.refineCandidates,
    (s, v) => withRetriever(s, { refineCandidates: v }),
    {
      needs: 'llm',
    },
  ),
];
