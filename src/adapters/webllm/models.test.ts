import { prebuiltAppConfig, type ModelRecord } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../env';
import { f32Sibling, LAPTOP_VRAM_MB, listWebLlmModels, needsShaderF16, parseModelId, selectWebLlmModels, webLlmCatalogue } from './models';

const list = prebuiltAppConfig.model_list;
const record = (id: string) => list.find((m) => m.model_id === id)!;

describe('selectWebLlmModels with the real prebuilt list', () => {
  it.each([true, false])('offers laptop-sized LLMs only, one variant per model (shader-f16: %s)', (f16) => {
    const models = selectWebLlmModels(list, f16);
    expect(models.length).toBeGreaterThan(10);
    const ids = models.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of models) {
      const r = record(m.id);
      expect(r.vram_required_MB).toBeLessThanOrEqual(LAPTOP_VRAM_MB);
      expect(r.model_type ?? 0).toBe(0);
      expect(m.id).toMatch(f16 ? /-q4f(16|32)_1-MLC/ : /-q4f32_1-MLC/);
      expect(m.vramMB).toBe(Math.round(r.vram_required_MB!));
      expect(m.contextWindow).toBe(r.overrides?.context_window_size ?? 4096);
      expect(m.lowResource).toBe(r.low_resource_required ?? false);
    }
    // One entry per model (and context variant).
    const keys = ids.map((id) => {
      const p = parseModelId(id)!;
      return p.base + p.suffix;
    });
    expect(new Set(keys).size).toBe(keys.length);
    // Sorted by memory.
    expect(models.map((m) => m.vramMB)).toEqual([...models.map((m) => m.vramMB)].sort((a, b) => a - b));
    // No embedding or vision models, no unquantised or 3-bit variants.
    expect(ids.some((id) => /snowflake|vision|q0f|q3f/.test(id))).toBe(false);
  });

  it('prefers the f16 variant when the GPU has shader-f16, else the f32 one', () => {
    const f16 = selectWebLlmModels(list, true).map((m) => m.id);
    const f32 = selectWebLlmModels(list, false).map((m) => m.id);
    expect(f16).toContain('Qwen2.5-1.5B-Instruct-q4f16_1-MLC');
    expect(f16).not.toContain('Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
    expect(f32).toContain('Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
    expect(f32.some((id) => needsShaderF16(id))).toBe(false);
    // A model with only an f16 variant is offered only with shader-f16.
    expect(f16).toContain('gemma3-1b-it-q4f16_1-MLC');
    expect(f32.some((id) => id.startsWith('gemma3-1b-it'))).toBe(false);
    // The 8B f16 fits (5001 MB), its f32 sibling (6101 MB) does not.
    expect(f16).toContain('Llama-3.1-8B-Instruct-q4f16_1-MLC');
    expect(f32).not.toContain('Llama-3.1-8B-Instruct-q4f32_1-MLC');
    // The 1k-context build is a separate entry, labelled as such.
    const small = selectWebLlmModels(list, false).find((m) => m.id === 'Phi-3.5-mini-instruct-q4f32_1-MLC-1k')!;
    expect(small).toMatchObject({ label: 'Phi-3.5-mini-instruct (1k context)', contextWindow: 1024, lowResource: true });
  });

  it('respects required_features and the memory limit on made-up records', () => {
    const r = (model_id: string, vram: number, extra: Partial<ModelRecord> = {}): ModelRecord => ({ model_id, model: 'm', model_lib: 'l', vram_required_MB: vram, ...extra });
    const models = selectWebLlmModels(
      [
        r('A-q4f16_1-MLC', 100),
        r('A-q4f32_1-MLC', 200),
        r('B-q4f32_1-MLC', 7000),
        r('C-q4f32_1-MLC', 100, { required_features: ['subgroups'] }),
        r('D-q4f32_1-MLC', 100, { model_type: 1 }),
      ],
      true,
    );
    expect(models).toEqual([{ id: 'A-q4f16_1-MLC', label: 'A', vramMB: 100, contextWindow: 4096, lowResource: false }]);
  });

  it('lists through a lazy import of web-llm', async () => {
    expect(await listWebLlmModels(false)).toEqual(selectWebLlmModels(list, false));
  });

  it('catalogues by the runtime env: none without WebGPU, f32 only without shader-f16, a warning without an adapter', async () => {
    expect(await webLlmCatalogue(testEnv())).toEqual({ webgpu: 'missing', shaderF16: false, models: [] });
    expect(await webLlmCatalogue(testEnv({ webgpuApi: true }))).toEqual({ webgpu: 'no-adapter', shaderF16: false, models: selectWebLlmModels(list, false) });
    expect(await webLlmCatalogue(testEnv({ webgpuApi: true, webgpu: true, shaderF16: true }))).toEqual({ webgpu: 'ok', shaderF16: true, models: selectWebLlmModels(list, true) });
  });
});

describe('model ids', () => {
  it('finds the f32 sibling and the shader-f16 need', () => {
    expect(f32Sibling('Qwen2.5-1.5B-Instruct-q4f16_1-MLC')).toBe('Qwen2.5-1.5B-Instruct-q4f32_1-MLC');
    expect(f32Sibling('SmolLM2-360M-Instruct-q0f16-MLC')).toBe('SmolLM2-360M-Instruct-q0f32-MLC');
    expect(f32Sibling('phi-2-q4f32_1-MLC-1k')).toBeUndefined();
    expect(needsShaderF16('gemma3-1b-it-q4f16_1-MLC')).toBe(true);
    expect(needsShaderF16('custom', { required_features: ['shader-f16'] })).toBe(true);
    expect(needsShaderF16('phi-2-q4f32_1-MLC')).toBe(false);
    expect(parseModelId('TinyLlama-1.1B-Chat-v1.0-q4f16_1-MLC-1k')).toEqual({ base: 'TinyLlama-1.1B-Chat-v1.0', float: 16, suffix: '-1k' });
    expect(parseModelId('Llama-3.2-1B-Instruct-q0f32-MLC')).toBeUndefined();
  });
});
