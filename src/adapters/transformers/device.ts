import type { DeviceChoice, ModelDtype, ResolvedDevice } from './options';

/** The part of WebGPU's `navigator.gpu` we use (the DOM lib has no WebGPU types). */
export interface GpuLike {
  requestAdapter(): Promise<unknown>;
}

function navigatorGpu(): GpuLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as { gpu?: GpuLike }).gpu;
}

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** `gpu` and `node` are injectable for tests; by default they describe the running environment. */
export async function resolveDevice(
  choice: DeviceChoice,
  gpu: GpuLike | undefined = navigatorGpu(),
  node: boolean = isNode(),
): Promise<ResolvedDevice> {
  if (choice !== 'auto') return choice;
  if (gpu) {
    try {
      // requestAdapter() resolves null when WebGPU is exposed but unusable (blocklisted GPU, no driver).
      if ((await gpu.requestAdapter()) != null) return 'webgpu';
    } catch {
      // Treated like "no adapter".
    }
  }
  return node ? 'cpu' : 'wasm';
}

/** Spelled out rather than left to transformers.js so that the embedder id names the real file. */
export function defaultDtype(device: ResolvedDevice): ModelDtype {
  return device === 'wasm' ? 'q8' : 'fp32';
}
