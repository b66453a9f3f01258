import type { LoadProgress } from '../../core/embed';
import type { DeviceChoice, ModelSource } from '../transformers/options';
import type { RuntimeEnv } from '../env';

/**
 * Weight variant: fp32 = onnx/model.onnx, fp16 = model_fp16.onnx, q8 = model_quantized.onnx,
 * q4 = model_q4.onnx, q4f16 = model_q4f16.onnx.
 */
export type LlmDtype = 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';

export interface TransformersLlmOptions {
  /** A text-generation ONNX model with a chat template, e.g. 'onnx-community/Qwen2.5-0.5B-Instruct'. */
  modelId: string;
  source: ModelSource;
  device: DeviceChoice;
  /** Default: q8 on WASM, fp32 elsewhere (as for embedders). */
  dtype?: LlmDtype;
  /** Folder from which onnxruntime-web loads its .wasm/.mjs, e.g. '/vendor/ort/'. Never a CDN. */
  wasmPaths: string;
  onProgress?(progress: LoadProgress): void;
  /** Upper bound on the context window, whatever the model allows (memory). Default 4096. */
  maxContext?: number;
  /** What this runtime offers (WebGPU for device 'auto'); default runtimeEnv(). */
  env?: RuntimeEnv;
}
