import type { LoadProgress } from '../core/embed/embedder';
import type { Reranker } from '../core/pipeline/ask';
import type { RerankerSettings } from '../core/settings';
import { transformersLoadOptions } from './embedders';

/**
 * Loads the reranker the settings name, importing transformers.js only when one is chosen;
 * undefined for 'none' (kept chunks stay in retrieval order). The result also has
 * dispose(), which frees the model.
 */
export async function loadBrowserReranker(
  settings: RerankerSettings,
  onProgress: (p: LoadProgress) => void,
): Promise<(Reranker & { dispose(): Promise<void> }) | undefined> {
  if (settings.kind === 'none') return undefined;
  const { loadCrossEncoder } = await import('../adapters/transformers/cross-encoder');
  return loadCrossEncoder({ ...transformersLoadOptions(settings), dtype: settings.dtype, onProgress });
}
