import { llmModelName, type Settings } from '../../core/settings';
import { choice } from './field-builders';
import type { FieldSpec } from './field-spec';

function describeEmbedder(e: Settings['embedder']): string {
  if (e.kind === 'use-lite') return 'Universal Sentence Encoder lite (bundled)';
  return `${e.modelId} (${e.source === 'local' ? 'this site' : 'Hugging Face hub'}, ${e.device === 'auto' ? 'auto device' : e.device})`;
}

function describeLlm(l: Settings['llm']): string {
  if (l.kind === 'none') return 'None (retrieval-only)';
  const engine = l.kind === 'webllm' ? 'WebLLM' : l.kind === 'transformers' ? 'transformers.js' : 'llama.cpp';
  return `${llmModelName(l)} (${engine})`;
}

function describeReranker(r: Settings['reranker']): string {
  return r.kind === 'none' ? 'None (ordered by grade)' : `${r.modelId} (${r.source === 'local' ? 'this site' : 'Hugging Face hub'})`;
}

// Models: the choosers are their own components; these entries name them in the diff.
export const MODEL_FIELDS: readonly FieldSpec[] = [
  choice(
    'embedder',
    'models',
    'Embedding model',
    [],
    (s) => describeEmbedder(s.embedder),
    (s) => s,
    { show: (v) => v },
  ),
  choice(
    'llm',
    'models',
    'Language model',
    [],
    (s) => describeLlm(s.llm),
    (s) => s,
    { show: (v) => v },
  ),
  choice(
    'reranker',
    'models',
    'Reranker',
    [],
    (s) => describeReranker(s.reranker),
    (s) => s,
    { show: (v) => v },
  ),
];
