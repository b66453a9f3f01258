import { describeBytes } from '../format';
import { modelBytes, siteGgufUrl, type ManifestModel } from '../../core/models';
import { llmModelName, type LlmSettings } from '../../core/settings';

/** Engines by the names users know them. */
const ENGINE_NAME: Record<string, string> = { wllama: 'llama.cpp', webllm: 'WebLLM', transformers: 'transformers.js', scripted: 'scripted' };

/**
 * The language model's name as a user knows it: the catalogue's name for a model this site
 * serves ("SmolLM2 135M Instruct (Q4_1)"), with its size where `withSize`; else the loaded
 * model's own name; else the file's or the id.
 */
export function llmShownName(settings: LlmSettings | undefined, site: ManifestModel[] | undefined, loadedName?: string, withSize = false): string {
  if (!settings || settings.kind === 'none') return loadedName ?? 'language model';
  const listed = settings.kind === 'wllama' && settings.source === 'url' ? site?.find((m) => siteGgufUrl(m) === settings.url) : undefined;
  if (listed) return withSize ? `${listed.name}, ${describeBytes(modelBytes(listed))}` : listed.name;
  return loadedName ?? llmModelName(settings);
}

/** "llama.cpp" for wllama's engine id, and so on. */
export function engineName(engine: string): string {
  return ENGINE_NAME[engine] ?? engine;
}
