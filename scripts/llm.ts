/**
 * The command-line scripts' language model, chosen with
 *   --llm <model id> [--models <dir>] [--n-ctx N]
 * The id (or a unique part of it) is looked up in models/ (fetched by `npm run models`) and
 * test/models/. A GGUF model runs as in the app, in llama.cpp (wllama) inside headless
 * Chromium (scripts/chromium-llm.ts); a transformers.js model runs on the CPU
 * (onnxruntime-node, fp32). --models names another folder of transformers.js models.
 * --llm-native runs a GGUF model in native llama.cpp instead (scripts/native-llm.ts): the same
 * engine, prompts and decoding, about five times faster, for measuring quality, not speed.
 * --llm-replies <file> keeps every reply in a file and answers a repeated call from it
 * (scripts/llm-replies.ts), so an ablation pays only for the calls it changes.
 */
import { resolve } from 'node:path';
import { loadTransformersLlm } from '../src/adapters/transformers-llm';
import { TINY_CAUSAL_LM_ID } from '../src/adapters/transformers/tiny-causal-lm';
import type { LlmEngine } from '../src/core/llm';
import { findLocalModel } from './embedder';
import { withStoredReplies } from './llm-replies';

/** parseArgs options for --llm, --models and --n-ctx (--llm without a default: no model unless named). */
export const LLM_OPTIONS = {
  llm: { type: 'string' },
  models: { type: 'string' },
  'n-ctx': { type: 'string' },
  'llm-native': { type: 'boolean' },
  'llm-replies': { type: 'string' },
} as const;

/** The values parseArgs gives for LLM_OPTIONS. */
export interface LlmOptionValues {
  models?: string;
  'n-ctx'?: string;
  'llm-native'?: boolean;
  'llm-replies'?: string;
}

export { TINY_CAUSAL_LM_ID };

export async function loadLocalLlm(modelId: string, o: LlmOptionValues = {}): Promise<LlmEngine> {
  const engine = await loadEngine(modelId, o.models, o['n-ctx'] ? Number(o['n-ctx']) : undefined, o['llm-native'] ?? false);
  if (!o['llm-replies']) return engine;
  const store = withStoredReplies(engine, o['llm-replies']);
  process.once('exit', () => {
    const { stored, called } = store.counts();
    console.error(`${modelId}: ${stored} replies read from ${o['llm-replies']}, ${called} calls made`);
  });
  return store.engine;
}

async function loadEngine(modelId: string, models: string | undefined, nCtx: number | undefined, native: boolean): Promise<LlmEngine> {
  if (models) return loadTransformersLlm({ modelId, source: { kind: 'local', baseUrl: resolve(models) + '/' }, device: 'cpu', dtype: 'fp32', wasmPaths: '' });
  const { entry, dir } = findLocalModel(modelId, 'llm');
  if (entry.format === 'gguf' && native) {
    const { loadNativeGguf } = await import('./native-llm');
    const engine = await loadNativeGguf(entry, dir, { nCtx });
    console.error(`${entry.id}: native llama.cpp (llama-server), 2 threads: for quality, not the app's speed`);
    return engine;
  }
  if (entry.format === 'gguf') {
    const { loadChromiumGguf } = await import('./chromium-llm');
    const engine = await loadChromiumGguf(entry, nCtx);
    console.error(`${entry.id}: llama.cpp (wllama) in Chromium, ${engine.runtime.isolated ? `cross-origin isolated, ${engine.runtime.threads} logical cores` : 'single-threaded'}`);
    return engine;
  }
  return loadTransformersLlm({ modelId: entry.id, source: { kind: 'local', baseUrl: `${dir}/` }, device: 'cpu', dtype: 'fp32', wasmPaths: '' });
}
