import { describeCause, ModelLoadError } from '../../core/models';
import { f32Sibling } from './models';

type WebLlmErrorCode = 'no-webgpu' | 'no-f16' | 'device-lost' | 'out-of-memory' | 'download' | 'not-found' | 'unknown';

/** A WebLLM failure in words a user can act on; `code` says which kind, for the UI. */
export function webLlmError(code: WebLlmErrorCode, modelId: string, message: string, cause?: unknown): ModelLoadError {
  return new ModelLoadError({ kind: 'llm', engine: 'webllm', model: modelId, code, message, cause });
}

function isWebLlmError(e: unknown): e is ModelLoadError & { code: WebLlmErrorCode } {
  return e instanceof ModelLoadError && e.engine === 'webllm';
}

/** Sorts a WebLLM (or browser) error by its name and message; WebLLM's error classes are not all exported. */
export function classifyWebLlmError(e: unknown): WebLlmErrorCode {
  if (isWebLlmError(e)) return e.code;
  const name = e instanceof Error ? e.name : '';
  const text = `${name}: ${describeCause(e)}`;
  if (/WebGPUNotAvailableError|WebGPUNotFoundError|Unable to find a compatible GPU|WebGPU is not supported|Cannot find WebGPU/i.test(text)) return 'no-webgpu';
  if (/ShaderF16SupportError|shader-f16/i.test(text)) return 'no-f16';
  if (/DeviceLostError|device (was )?lost/i.test(text)) return 'device-lost';
  if (/out of memory|OutOfMemory|\bOOM\b|allocation failed|Failed to allocate|QuotaExceeded/i.test(text)) return 'out-of-memory';
  if (/ModelNotFoundError|SpecifiedModelNotFoundError|MissingModelWasmError|Cannot find model record|\b404\b/i.test(text)) return 'not-found';
  if (/Cannot fetch|Network response was not ok|Failed to fetch|NetworkError|Load failed|fetch failed/i.test(text)) return 'download';
  return 'unknown';
}

/** Wraps any error from loading (or running) `modelId` in a ModelLoadError with a readable message. */
export function toWebLlmError(e: unknown, modelId: string, phase: 'load' | 'run' = 'load'): ModelLoadError {
  if (isWebLlmError(e)) return e;
  const code = classifyWebLlmError(e);
  return webLlmError(code, modelId, webLlmMessage(code, modelId, describeCause(e), phase), e);
}

export function webLlmMessage(code: WebLlmErrorCode, modelId: string, cause: string, phase: 'load' | 'run' = 'load'): string {
  const model = `"${modelId}"`;
  switch (code) {
    case 'no-webgpu':
      return `${model} needs WebGPU, which this browser or GPU does not provide. Use a browser with WebGPU (recent Chrome or Edge), or choose the transformers.js runtime.`;
    case 'no-f16': {
      const sibling = f32Sibling(modelId);
      return `${model} needs 16-bit float shaders (shader-f16), which this GPU does not support. Choose ${sibling ? `"${sibling}"` : 'a q4f32 model'} instead.`;
    }
    case 'device-lost':
      return `The GPU stopped while ${phase === 'load' ? 'loading' : 'running'} ${model}, usually because it ran out of memory. Close other tabs or choose a smaller model.`;
    case 'out-of-memory':
      return `Not enough memory for ${model}. Close other tabs or choose a smaller model. (${cause})`;
    case 'download':
      return `Downloading ${model} failed: ${cause}. Check the connection (or the self-hosted URL) and try again.`;
    case 'not-found':
      return `${model} was not found: ${cause}`;
    case 'unknown':
      return phase === 'load' ? `Loading ${model} failed: ${cause}` : `${model} failed: ${cause}`;
  }
}
