import type { Embedder, LoadProgress } from '../core/embed/embedder';
import type { EmbedderSettings, TransformersModel } from '../core/settings';

/** Where the app serves its runtimes and models (see vite.config.ts). */
const VENDOR = '/vendor/';

/** The transformers.js loader options every runtime shares: model, file source, device, ort's wasm files. */
export function transformersLoadOptions(settings: TransformersModel) {
  return {
    modelId: settings.modelId,
    source:
      settings.source === 'hub'
        ? ({ kind: 'hub', remoteHost: settings.remoteHost } as const)
        : ({ kind: 'local', baseUrl: settings.localBaseUrl ?? '/models/' } as const),
    device: settings.device,
    wasmPaths: `${VENDOR}ort/`,
  };
}

/** Loads the embedder the settings name, importing each runtime only when it is chosen. */
export async function loadBrowserEmbedder(
  settings: EmbedderSettings,
  onProgress: (p: LoadProgress) => void,
  /** WASM threads for this model (used only when the page is cross-origin isolated). */
  threads = 1,
): Promise<Embedder> {
  if (settings.kind === 'use-lite') {
    const { loadUseLite } = await import('../adapters/use-lite');
    return loadUseLite({ modelUrl: `${VENDOR}use-lite/`, wasmPaths: `${VENDOR}tfjs/`, threads: globalThis.crossOriginIsolated ? threads : 1, onProgress });
  }
  const { loadTransformersEmbedder } = await import('../adapters/transformers');
  return loadTransformersEmbedder({ ...transformersLoadOptions(settings), dtype: settings.dtype, onProgress });
}
