import type { LlmSettings } from '../core/settings';

/**
 * Self-hosted WebLLM (and GGUF) URLs made absolute against the page. The LLM worker would otherwise
 * resolve a relative URL ("models/qwen/") against its own script under /assets/.
 */
export function resolveLlmUrls(settings: LlmSettings, page: string): LlmSettings {
  if (settings.kind !== 'webllm' && settings.kind !== 'wllama') return settings;
  const abs = (u: string | undefined) => {
    if (!u) return u;
    try {
      return new URL(u, page).href;
    } catch {
      return u; // left as typed: the loader reports it as a bad URL, naming it
    }
  };
  if (settings.kind === 'wllama') return { ...settings, url: abs(settings.url) };
  return { ...settings, modelUrl: abs(settings.modelUrl), modelLibUrl: abs(settings.modelLibUrl) };
}
