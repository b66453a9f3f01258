import type { ModelSource } from './options';

export const HF_HUB = 'https://huggingface.co/';
/** transformers.js's default; a hub mirror must serve files at `${remoteHost}${model}/resolve/main/${file}`. */
const HUB_PATH_TEMPLATE = '{model}/resolve/{revision}/';

/** The fields of transformers.js's `env` this adapter sets (structural, so tests can pass a plain object). */
export interface TransformersEnvLike {
  allowRemoteModels: boolean;
  allowLocalModels: boolean;
  remoteHost: string;
  remotePathTemplate: string;
  localModelPath: string;
  useBrowserCache: boolean;
  useFSCache: boolean;
  /** null where there is no file system (browsers). */
  cacheDir: string | null;
  backends: { onnx: { wasm?: { wasmPaths?: unknown } } };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Points transformers.js's single global `env` at one source. Everything is set every time,
 * because the previous load may have configured the other source.
 */
export function configureTransformersEnv(env: TransformersEnvLike, source: ModelSource, wasmPaths: string): void {
  const hub = source.kind === 'hub';
  env.allowRemoteModels = hub;
  env.allowLocalModels = !hub;
  env.remoteHost = withSlash(hub ? (source.remoteHost ?? HF_HUB) : HF_HUB);
  env.remotePathTemplate = HUB_PATH_TEMPLATE;
  if (!hub) env.localModelPath = withSlash(source.baseUrl);
  // Hub downloads go to the Cache API so they survive reloads. Files the app serves itself are
  // left to the HTTP cache: copying them would go stale when the bundled model is regenerated.
  // `caches` is missing outside secure contexts and in Node, where transformers.js would throw.
  env.useBrowserCache = hub && typeof caches !== 'undefined';
  // Node only (tests, scripts): hub downloads must go through the file cache, which is how
  // transformers.js hands ONNX Runtime a path. Local loads skip it, so a cached hub copy of the
  // same id can never shadow the files on disk.
  env.useFSCache = hub && env.cacheDir !== null;
  const wasm = env.backends.onnx.wasm;
  if (wasm) wasm.wasmPaths = withSlash(wasmPaths);
}

/** The folder the model's files are requested from, for error messages. */
export function modelLocation(modelId: string, source: ModelSource): string {
  if (source.kind === 'local') return `${withSlash(source.baseUrl)}${modelId}/`;
  return `${withSlash(source.remoteHost ?? HF_HUB)}${HUB_PATH_TEMPLATE.replace('{model}', modelId).replace('{revision}', 'main')}`;
}
