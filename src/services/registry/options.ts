import type { TransformersModel, WllamaSettings } from '../../core/settings';
import type { WllamaOptions } from '../../adapters/wllama';

/** Where the app serves its runtimes (see VENDOR in vite/vendor-assets.ts); never a CDN. */
export const VENDOR = '/vendor/';
/** wllama's WebAssembly on this site. */
export const WLLAMA_WASM = `${VENDOR}wllama/wllama.wasm`;
/** The host worker of Sieve's own llama.cpp build (wasm/llama), which finds the build beside it. */
export const LLAMA_HOST = `${VENDOR}llama-host/host.js`;

/** The transformers.js loader options every kind of model shares: model, file source, device, ort's wasm files. */
export function transformersLoadOptions(settings: TransformersModel) {
  return {
    modelId: settings.modelId,
    source: settings.source === 'hub' ? ({ kind: 'hub', remoteHost: settings.remoteHost } as const) : ({ kind: 'local', baseUrl: settings.localBaseUrl ?? '/models/' } as const),
    device: settings.device,
    wasmPaths: `${VENDOR}ort/`,
  };
}

/**
 * A GGUF model's loader options. `file` is a GGUF file just picked by the user (settings with
 * source 'file'); without it, the copy kept in the browser is used.
 */
export function wllamaLoadOptions(settings: WllamaSettings, file?: Blob): WllamaOptions {
  const source: WllamaOptions['source'] =
    settings.source === 'file'
      ? { kind: 'file', name: settings.fileName ?? 'model.gguf', size: settings.fileSize ?? file?.size ?? 0, file }
      : { kind: 'url', url: settings.url?.trim() ?? '' };
  return { source, nCtx: settings.nCtx, device: settings.device, wasmPath: WLLAMA_WASM, llamaHost: LLAMA_HOST };
}
