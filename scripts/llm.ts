/**
 * The command-line scripts' language model: a transformers.js text-generation model loaded
 * from a local models folder on the CPU (onnxruntime-node), chosen with
 *   --llm <model id> [--models test/models/]
 */
import { resolve } from 'node:path';
import { loadTransformersLlm } from '../src/adapters/transformers-llm';
import { TINY_CAUSAL_LM_ID } from '../src/adapters/transformers/tiny-causal-lm';
import type { LlmEngine } from '../src/core/llm/engine';

/** parseArgs options for --llm and --models (--llm without a default: no model unless named). */
export const LLM_OPTIONS = {
  llm: { type: 'string' },
  models: { type: 'string', default: 'test/models/' },
} as const;

export { TINY_CAUSAL_LM_ID };

/** Loads `modelId` from the folder `models` (fp32 on the CPU). */
export function loadLocalLlm(modelId: string, models: string = LLM_OPTIONS.models.default): Promise<LlmEngine> {
  return loadTransformersLlm({ modelId, source: { kind: 'local', baseUrl: resolve(models) + '/' }, device: 'cpu', dtype: 'fp32', wasmPaths: '' });
}
