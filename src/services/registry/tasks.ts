import { VENDOR, transformersLoadOptions, wllamaLoadOptions } from './options';
import type { TaskTable } from './types';

/**
 * Which runtime loads each kind of model for each engine in the settings, like
 * transformers.js's pipeline() table. Each entry imports its adapter on first use, so a
 * runtime that is never chosen is never downloaded.
 */
export const TASKS: TaskTable = {
  embedder: {
    'use-lite': async (spec, onProgress, env) => {
      const { loadUseLite } = await import('../../adapters/use-lite');
      return loadUseLite({
        modelUrl: `${VENDOR}use-lite/`,
        wasmPaths: `${VENDOR}tfjs/`,
        threads: env.crossOriginIsolated ? (spec.threads ?? 1) : 1,
        onProgress,
        ...(spec.files ? { files: spec.files } : {}),
      });
    },
    transformers: async (spec, onProgress, env) => {
      const { loadTransformersEmbedder } = await import('../../adapters/transformers');
      return loadTransformersEmbedder({ ...transformersLoadOptions(spec), dtype: spec.dtype, onProgress, env });
    },
  },
  llm: {
    none: async () => undefined,
    webllm: async (spec, onProgress, env) => {
      const { loadWebLlm } = await import('../../adapters/webllm');
      return loadWebLlm({ modelId: spec.modelId, modelUrl: spec.modelUrl, modelLibUrl: spec.modelLibUrl, onProgress, env });
    },
    transformers: async (spec, onProgress, env) => {
      const { loadTransformersLlm } = await import('../../adapters/transformers-llm');
      return loadTransformersLlm({ ...transformersLoadOptions(spec), dtype: spec.dtype, onProgress, env });
    },
    wllama: async (spec, onProgress) => {
      const { loadWllama } = await import('../../adapters/wllama');
      return loadWllama({ ...wllamaLoadOptions(spec, spec.file), onProgress });
    },
  },
  reranker: {
    none: async () => undefined,
    transformers: async (spec, onProgress, env) => {
      const { loadCrossEncoder } = await import('../../adapters/transformers');
      return loadCrossEncoder({ ...transformersLoadOptions(spec), dtype: spec.dtype, onProgress, env });
    },
  },
};
