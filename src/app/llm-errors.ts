import type { ModelErrorCode } from '../core/models';
import { llmModelName, type LlmSettings } from '../core/settings';

/**
 * What the page shows for a language model that failed to load. The LLM worker rejects with a
 * ModelLoadError (its name, code and message cross the port), whose message already names the
 * model and the cause; anything else, such as a crashed worker, gets the model's name in front.
 */
export function describeLlmError(settings: LlmSettings, e: unknown): { error: string; code?: ModelErrorCode } {
  const model = settings.kind === 'none' ? 'the language model' : llmModelName(settings);
  const text = e instanceof Error ? e.message : String(e);
  const error = text.includes(model) ? text : `${model}: ${text}`;
  const x = e as { name?: unknown; code?: unknown } | null;
  return x?.name === 'ModelLoadError' && typeof x.code === 'string' ? { error, code: x.code as ModelErrorCode } : { error };
}
