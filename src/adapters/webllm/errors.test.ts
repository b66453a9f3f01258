import { describe, expect, it } from 'vitest';
import { ModelLoadError } from '../../core/models';
import { classifyWebLlmError, toWebLlmError } from './errors';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('WebLLM error mapping', () => {
  it.each([
    [named('WebGPUNotAvailableError', 'WebGPU is not supported in your current environment'), 'no-webgpu'],
    [new Error("Unable to find a compatible GPU. This issue might be because your computer doesn't have a GPU"), 'no-webgpu'],
    [named('ShaderF16SupportError', 'This model requires WebGPU extension shader-f16, which is not enabled in this browser.'), 'no-f16'],
    [named('DeviceLostError', 'The WebGPU device was lost while loading the model. This issue often occurs due to running out of memory (OOM).'), 'device-lost'],
    [new Error('GPUOutOfMemoryError: Out of memory'), 'out-of-memory'],
    [new RangeError('Array buffer allocation failed'), 'out-of-memory'],
    [new Error('Cannot fetch https://huggingface.co/mlc-ai/x/resolve/main/params_shard_3.bin'), 'download'],
    [new Error('Network response was not ok'), 'download'],
    [new TypeError('Failed to fetch'), 'download'],
    [named('ModelNotFoundError', 'Cannot find model record in appConfig for nope.'), 'not-found'],
    [new Error('something odd'), 'unknown'],
    ['a string', 'unknown'],
  ])('%s → %s', (e, code) => {
    expect(classifyWebLlmError(e)).toBe(code);
  });

  it('wraps with a readable message that names the model and the cause', () => {
    const dl = toWebLlmError(new TypeError('Failed to fetch'), 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC');
    expect(dl).toBeInstanceOf(ModelLoadError);
    expect(dl).toMatchObject({ name: 'ModelLoadError', kind: 'llm', engine: 'webllm', code: 'download', model: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' });
    expect(dl.message).toMatch(/Downloading "Qwen2.5-1.5B-Instruct-q4f16_1-MLC" failed: Failed to fetch/);
    const f16 = toWebLlmError(named('ShaderF16SupportError', 'needs shader-f16'), 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC');
    expect(f16.message).toContain('"Qwen2.5-1.5B-Instruct-q4f32_1-MLC"');
    const lost = toWebLlmError(named('DeviceLostError', 'lost'), 'm', 'run');
    expect(lost.message).toMatch(/stopped while running "m".*smaller model/);
    expect(toWebLlmError(lost, 'other')).toBe(lost);
  });
});
