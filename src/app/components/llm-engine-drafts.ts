import type { LlmSettings } from '../../core/settings';
import type { WebLlmModelList } from '../state';

export type WebLlm = Extract<LlmSettings, { kind: 'webllm' }>;
export type TransformersLlm = Extract<LlmSettings, { kind: 'transformers' }>;
export type GgufLlm = Extract<LlmSettings, { kind: 'wllama' }>;

const DEFAULT_WEBLLM: WebLlm = { kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' };
const DEFAULT_TRANSFORMERS: TransformersLlm = {
  kind: 'transformers',
  modelId: 'onnx-community/Qwen2.5-0.5B-Instruct',
  source: 'hub',
  localBaseUrl: '/models/',
  device: 'auto',
};
const DEFAULT_GGUF: GgufLlm = { kind: 'wllama', source: 'url', device: 'auto' };

/** The settings each engine starts from when it is chosen: the draft's if it is that engine, else the saved ones, else the default. */
export function engineDrafts(draft: LlmSettings, saved: LlmSettings): { webllm: WebLlm; transformers: TransformersLlm; gguf: GgufLlm } {
  return {
    webllm: draft.kind === 'webllm' ? draft : saved.kind === 'webllm' ? saved : DEFAULT_WEBLLM,
    transformers: draft.kind === 'transformers' ? draft : saved.kind === 'transformers' ? saved : DEFAULT_TRANSFORMERS,
    gguf: draft.kind === 'wllama' ? draft : saved.kind === 'wllama' ? saved : DEFAULT_GGUF,
  };
}

/** The WebLLM models offered: none until the list is read, nor where WebGPU is missing. */
export function offeredWebLlms(list: WebLlmModelList | undefined) {
  return list?.state === 'ready' && list.models.length > 0 ? list : undefined;
}

/** The WebLLM settings to choose: a prebuilt id this GPU cannot run becomes the first one it can (a self-hosted model keeps its id). */
export function webLlmChoice(webllm: WebLlm, list: ReturnType<typeof offeredWebLlms>): WebLlm {
  const ids = list ? list.models.map((m) => m.id) : [];
  return ids.length > 0 && !ids.includes(webllm.modelId) && !webllm.modelUrl ? { ...webllm, modelId: ids[0] } : webllm;
}
