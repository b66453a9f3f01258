/**
 * The command-line scripts' language model, chosen with
 *   --llm <model id> [--models <dir>] [--n-ctx N]
 * The id (or a unique part of it) is looked up in models/ (fetched by `npm run models`) and
 * test/models/. A GGUF model runs as in the app, in llama.cpp (wllama) inside headless
 * Chromium (scripts/chromium-llm.ts); a transformers.js model runs on the CPU
 * (onnxruntime-node, fp32). --models names another folder of transformers.js models.
 */
import { resolve } from 'node:path';
import { loadTransformersLlm } from '../src/adapters/transformers-llm';
import { TINY_CAUSAL_LM_ID } from '../src/adapters/transformers/tiny-causal-lm';
import type { LlmEngine } from '../src/core/llm';
import { findLocalModel } from './embedder';

/** parseArgs options for --llm, --models and --n-ctx (--llm without a default: no model unless named). */
export const LLM_OPTIONS = {
  llm: { type: 'string' },
  models: { type: 'string' },
  'n-ctx': { type: 'string' },
} as const;

export { TINY_CAUSAL_LM_ID };

export async function loadLocalLlm(modelId: string, models?: string, nCtx?: number): Promise<LlmEngine> {
  if (models) return loadTransformersLlm({ modelId, source: { kind: 'local', baseUrl: resolve(models) + '/' }, device: 'cpu', dtype: 'fp32', wasmPaths: '' });
  const { entry, dir } = findLocalModel(modelId, 'llm');
  if (entry.format === 'gguf') {
    const { loadChromiumGguf } = await import('./chromium-llm');
    const engine = await loadChromiumGguf(entry, nCtx);
    console.error(`${entry.id}: llama.cpp (wllama) in Chromium, ${engine.runtime.isolated ? `cross-origin isolated, ${engine.runtime.threads} logical cores` : 'single-threaded'}`);
    return engine;
  }
  return loadTransformersLlm({ modelId: entry.id, source: { kind: 'local', baseUrl: `${dir}/` }, device: 'cpu', dtype: 'fp32', wasmPaths: '' });
}
