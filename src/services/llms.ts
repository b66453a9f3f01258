import type { LoadProgress } from '../core/embed/embedder';
import type { LlmEngine } from '../core/llm/engine';
import type { LlmSettings } from '../core/settings';
import { transformersLoadOptions } from './embedders';

/**
 * Loads the LLM the settings name, importing each runtime only when it is chosen; undefined
 * for 'none' (retrieval-only mode).
 */
export async function loadBrowserLlm(settings: LlmSettings, onProgress: (p: LoadProgress) => void): Promise<LlmEngine | undefined> {
  if (settings.kind === 'none') return undefined;
  if (settings.kind === 'webllm') {
    const { loadWebLlm } = await import('../adapters/webllm');
    return loadWebLlm({ modelId: settings.modelId, modelUrl: settings.modelUrl, modelLibUrl: settings.modelLibUrl, onProgress });
  }
  const { loadTransformersLlm } = await import('../adapters/transformers-llm');
  return loadTransformersLlm({ ...transformersLoadOptions(settings), dtype: settings.dtype, onProgress });
}
