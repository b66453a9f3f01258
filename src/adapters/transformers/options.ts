import type { LoadProgress } from '../../core/embed';
import type { RuntimeEnv } from '../env';

/** Where model files come from. */
export type ModelSource =
  /** The Hugging Face hub, or a mirror with the same `{model}/resolve/{revision}/` layout. */
  | { kind: 'hub'; remoteHost?: string }
  /** Files served by the app (or, in Node, a folder): `${baseUrl}${modelId}/config.json` etc. */
  | { kind: 'local'; baseUrl: string };

/**
 * 'auto' picks WebGPU when the runtime env has a WebGPU adapter, else WASM (in Node: 'cpu').
 * 'cpu' is onnxruntime-node and exists only in Node (tests, scripts).
 */
export type DeviceChoice = 'auto' | 'webgpu' | 'wasm' | 'cpu';
export type ResolvedDevice = Exclude<DeviceChoice, 'auto'>;

/** Model file variant: fp32 = onnx/model.onnx, fp16 = onnx/model_fp16.onnx, q8 = onnx/model_quantized.onnx. */
export type ModelDtype = 'fp32' | 'fp16' | 'q8';

export type Pooling = 'mean' | 'cls';

export interface TransformersEmbedderOptions {
  /** e.g. 'Xenova/all-MiniLM-L6-v2'; any feature-extraction model with ONNX weights under onnx/. */
  modelId: string;
  source: ModelSource;
  device: DeviceChoice;
  /** Default: what transformers.js picks itself, q8 on WASM and fp32 elsewhere. */
  dtype?: ModelDtype;
  /** Default 'mean' (sentence-transformers models); 'cls' for models trained on the [CLS] token. */
  pooling?: Pooling;
  /** Folder from which onnxruntime-web loads its .wasm/.mjs, e.g. '/vendor/ort/'. Never a CDN. */
  wasmPaths: string;
  onProgress?(progress: LoadProgress): void;
  /** Texts per model call (default 32). */
  batchSize?: number;
  /** What this runtime offers (WebGPU for device 'auto'); default runtimeEnv(). */
  env?: RuntimeEnv;
}
