import { llmModelName, type LlmSettings } from '../core/settings';

/** A message naming the model and the cause, from whatever the LLM worker rejected with. */
export function describeLlmError(settings: LlmSettings, e: unknown): string {
  const model = settings.kind === 'none' ? 'the language model' : llmModelName(settings);
  const text = e instanceof Error ? e.message : String(e);
  return text.includes(model) ? text : `${model}: ${text}`;
}
