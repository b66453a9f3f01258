import type { LoadProgress } from '../core/embed/embedder';
import type { LlmEngine } from '../core/llm/engine';
import type { LlmSettings, WllamaSettings } from '../core/settings';
import type { WllamaOptions } from '../adapters/wllama';
import { transformersLoadOptions } from './embedders';

/** Where the app serves wllama's WebAssembly (see VENDOR in vite.config.ts); never a CDN. */
export const WLLAMA_WASM = '/vendor/wllama/wllama.wasm';

/**
 * Loads the LLM the settings name, importing each runtime only when it is chosen; undefined
 * for 'none' (retrieval-only mode). `file` is a GGUF file just picked by the user (settings
 * with source 'file'); without it, the copy kept in the browser is used.
 */
export async function loadBrowserLlm(settings: LlmSettings, onProgress: (p: LoadProgress) => void, file?: Blob): Promise<LlmEngine | undefined> {
  if (settings.kind === 'none') return undefined;
  if (settings.kind === 'webllm') {
    const { loadWebLlm } = await import('../adapters/webllm');
    return loadWebLlm({ modelId: settings.modelId, modelUrl: settings.modelUrl, modelLibUrl: settings.modelLibUrl, onProgress });
  }
  if (settings.kind === 'wllama') {
    const { loadWllama } = await import('../adapters/wllama');
    return loadWllama({ ...wllamaLoadOptions(settings, file), onProgress });
  }
  const { loadTransformersLlm } = await import('../adapters/transformers-llm');
  return loadTransformersLlm({ ...transformersLoadOptions(settings), dtype: settings.dtype, onProgress });
}

export function wllamaLoadOptions(settings: WllamaSettings, file?: Blob): WllamaOptions {
  const source: WllamaOptions['source'] =
    settings.source === 'file'
      ? { kind: 'file', name: settings.fileName ?? 'model.gguf', size: settings.fileSize ?? file?.size ?? 0, file }
      : { kind: 'url', url: settings.url?.trim() ?? '' };
  return { source, nCtx: settings.nCtx, device: settings.device, wasmPath: WLLAMA_WASM };
}
