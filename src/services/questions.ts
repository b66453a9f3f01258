import { ask, type AskDeps, type Reranker, type AskEvent, type AskResult } from '../core/pipeline';
import type { LlmEngine } from '../core/llm';
import type { PipelineSettings } from '../core/settings';
import type { Library } from './library';

export interface QuestionOptions {
  docIds?: string[];
  /** Settings for this question only, over the saved ones (the walk-through turns segments on). */
  pipeline?: Partial<PipelineSettings>;
}

/**
 * Answers a question over the library with the current pipeline settings: the LLM engine
 * when one is loaded (else retrieval-only), and the reranker when one is configured.
 */
export async function answerQuestion(
  library: Library,
  question: string,
  runtime: { engine?: LlmEngine; reranker?: Reranker },
  options: QuestionOptions,
  onEvent: (e: AskEvent) => void,
  signal: AbortSignal,
): Promise<AskResult> {
  const text = question.trim();
  if (!text) throw new Error('Type a question first.');
  const deps: AskDeps = { ...library.retrievalDeps(), engine: runtime.engine, reranker: runtime.reranker };
  const docIds = options.docIds?.length ? new Set(options.docIds) : undefined;
  return ask(text, { ...library.currentSettings.pipeline, ...options.pipeline }, deps, { signal, onEvent, docIds });
}
