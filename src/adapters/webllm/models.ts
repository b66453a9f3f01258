import type { ModelRecord } from '@mlc-ai/web-llm';
import { runtimeEnv, type RuntimeEnv } from '../env';

/** A prebuilt WebLLM model offered in the settings. */
export interface WebLlmModel {
  id: string;
  label: string;
  /** GPU memory WebLLM says it needs. */
  vramMB: number;
  contextWindow: number;
  /** WebLLM's flag for models that run on low-end devices (phones, integrated GPUs). */
  lowResource: boolean;
}

/** What a typical laptop GPU (or integrated GPU sharing system memory) can hold. */
export const LAPTOP_VRAM_MB = 6000;
/** WebLLM's context window when a model record does not override it. */
export const DEFAULT_WEBLLM_CONTEXT = 4096;

/** `${base}-q4f16_1-MLC${suffix}`: the quantisations offered (4-bit weights, 16- or 32-bit float shaders). */
const OFFERED_ID = /^(.+)-q4f(16|32)_1-MLC(-.+)?$/;
const LLM_TYPE = 0; // ModelType.LLM, inlined so this file needs no runtime import of web-llm.

export function parseModelId(id: string): { base: string; float: 16 | 32; suffix: string } | undefined {
  const m = OFFERED_ID.exec(id);
  return m ? { base: m[1], float: m[2] === '16' ? 16 : 32, suffix: m[3] ?? '' } : undefined;
}

/** Whether the model's shaders use 16-bit floats (the WebGPU feature 'shader-f16'). */
export function needsShaderF16(id: string, record?: Pick<ModelRecord, 'required_features'>): boolean {
  return /-q\d+f16(_\d+)?-MLC/.test(id) || (record?.required_features ?? []).includes('shader-f16');
}

/** The same model with 32-bit float shaders, e.g. for a GPU without 'shader-f16'. */
export function f32Sibling(id: string): string | undefined {
  const sibling = id.replace(/-q(\d+)f16(_\d+)?-MLC/, '-q$1f32$2-MLC');
  return sibling === id ? undefined : sibling;
}

/**
 * The LLMs (no embedding or vision models) that fit in `maxVramMB`, one variant per model:
 * the f16 one where the GPU supports 'shader-f16' (smaller, faster), else the f32 one.
 * Sorted by memory needed, smallest first.
 */
export function selectWebLlmModels(list: ModelRecord[], hasShaderF16: boolean, maxVramMB = LAPTOP_VRAM_MB): WebLlmModel[] {
  const chosen = new Map<string, { record: ModelRecord; float: 16 | 32 }>();
  for (const record of list) {
    const parsed = parseModelId(record.model_id);
    if (!parsed || (record.model_type ?? LLM_TYPE) !== LLM_TYPE) continue;
    if (record.vram_required_MB === undefined || record.vram_required_MB > maxVramMB) continue;
    if (needsShaderF16(record.model_id, record) && !hasShaderF16) continue;
    if ((record.required_features ?? []).some((f) => f !== 'shader-f16')) continue;
    const key = parsed.base + parsed.suffix;
    const prev = chosen.get(key);
    // Only reachable with shader-f16 support: both variants are allowed, and f16 wins.
    if (!prev || parsed.float < prev.float) chosen.set(key, { record, float: parsed.float });
  }
  return [...chosen.values()].map(({ record }) => describe(record)).sort((a, b) => a.vramMB - b.vramMB || a.label.localeCompare(b.label));
}

/** The prebuilt models for this GPU (see selectWebLlmModels). Imports web-llm, so call it only when needed. */
export async function listWebLlmModels(hasShaderF16: boolean): Promise<WebLlmModel[]> {
  const { prebuiltAppConfig } = await import('@mlc-ai/web-llm');
  return selectWebLlmModels(prebuiltAppConfig.model_list, hasShaderF16);
}

/** What Settings shows for WebLLM: whether WebGPU is there, and the prebuilt models this GPU can run. */
export interface WebLlmCatalogue {
  /** 'missing': no navigator.gpu at all; 'no-adapter': WebGPU is there but grants no adapter (WebLLM will probably fail). */
  webgpu: 'ok' | 'no-adapter' | 'missing';
  shaderF16: boolean;
  /** Empty when WebGPU is missing (web-llm is then not even imported). */
  models: WebLlmModel[];
}

/** The catalogue for this runtime; asked of the LLM worker, so the page never loads web-llm. */
export async function webLlmCatalogue(env?: RuntimeEnv): Promise<WebLlmCatalogue> {
  const e = env ?? (await runtimeEnv());
  if (!e.webgpuApi) return { webgpu: 'missing', shaderF16: false, models: [] };
  return { webgpu: e.webgpu ? 'ok' : 'no-adapter', shaderF16: e.shaderF16, models: await listWebLlmModels(e.shaderF16) };
}

function describe(record: ModelRecord): WebLlmModel {
  const { base, suffix } = parseModelId(record.model_id)!;
  const context = /^-(\d+k)$/.exec(suffix);
  return {
    id: record.model_id,
    label: context ? `${base} (${context[1]} context)` : `${base}${suffix}`,
    vramMB: Math.round(record.vram_required_MB ?? 0),
    contextWindow: record.overrides?.context_window_size ?? DEFAULT_WEBLLM_CONTEXT,
    lowResource: record.low_resource_required ?? false,
  };
}
