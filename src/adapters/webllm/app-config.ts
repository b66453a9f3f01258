import type { AppConfig, ModelRecord } from '@mlc-ai/web-llm';
import { webLlmError } from './errors';

export interface WebLlmSource {
  modelId: string;
  /** Self-hosted weights: the folder holding mlc-chat-config.json, tensor-cache.json etc. (absolute or relative to the page). */
  modelUrl?: string;
  /** Self-hosted model library (.wasm); defaults to the prebuilt record's. */
  modelLibUrl?: string;
  cacheBackend?: AppConfig['cacheBackend'];
}

/** Hosts that serve repositories at `${repo}/resolve/${revision}/`, where WebLLM's own URL rule is right. */
const HUB_HOSTS = /(^|\.)(huggingface\.co|hf\.co)$/;

/**
 * The appConfig for MLCEngine: the prebuilt list for a prebuilt model, or a single record for
 * self-hosted files. Throws ModelLoadError 'not-found' for an unknown id without files to load.
 */
export function webLlmAppConfig(prebuilt: AppConfig, source: WebLlmSource, base: string = pageUrl()): AppConfig {
  const known = prebuilt.model_list.find((m) => m.model_id === source.modelId);
  const cacheBackend = source.cacheBackend ?? prebuilt.cacheBackend;
  if (!source.modelUrl && !source.modelLibUrl) {
    if (!known) throw webLlmError('not-found', source.modelId, `"${source.modelId}" is not a WebLLM prebuilt model; give the URL of its files and model library to self-host it.`);
    return { ...prebuilt, cacheBackend };
  }
  const modelLib = source.modelLibUrl ? new URL(source.modelLibUrl, base).href : known?.model_lib;
  if (!modelLib) throw webLlmError('not-found', source.modelId, `"${source.modelId}" is not a WebLLM prebuilt model, so it needs the URL of its model library (.wasm).`);
  const record: ModelRecord = {
    ...known,
    model_id: source.modelId,
    model: source.modelUrl ? selfHostedModelUrl(source.modelUrl, base) : known!.model,
    model_lib: modelLib,
  };
  // Hashes and manifests of the prebuilt files do not describe self-hosted ones.
  delete record.integrity;
  delete record.model_manifest;
  return { model_list: [record], cacheBackend };
}

/**
 * WebLLM appends "resolve/main/" to a model URL that has no "/resolve/<revision>/" in it,
 * which suits the hub but not a plain folder. For a plain folder the rule is satisfied by a
 * fragment: WebLLM resolves every file relative to the URL, which drops the fragment, so the
 * files are fetched from the folder itself.
 */
export function selfHostedModelUrl(url: string, base: string = pageUrl()): string {
  const abs = new URL(url, base);
  if (!abs.pathname.endsWith('/')) abs.pathname += '/';
  abs.hash = '';
  if (HUB_HOSTS.test(abs.hostname) || /\/resolve\/[^/]+\/$/.test(abs.pathname)) return abs.href;
  return `${abs.href}#/resolve/main/`;
}

function pageUrl(): string {
  return typeof location !== 'undefined' ? location.href : 'http://localhost/';
}
