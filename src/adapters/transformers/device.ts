import type { RuntimeEnv } from '../env';
import type { DeviceChoice, ModelDtype, ResolvedDevice } from './options';

/**
 * 'auto' is WebGPU where a hardware adapter is granted, else WASM (in Node: the native CPU
 * runtime). A software adapter (SwiftShader, on machines without a usable GPU) runs models
 * many times slower than WASM, so 'auto' passes it by; 'webgpu' still forces it.
 */
export function resolveDevice(choice: DeviceChoice, env: Pick<RuntimeEnv, 'webgpu' | 'softwareGpu' | 'node'>): ResolvedDevice {
  if (choice !== 'auto') return choice;
  if (env.webgpu && env.softwareGpu !== true) return 'webgpu';
  return env.node ? 'cpu' : 'wasm';
}

/** Spelled out rather than left to transformers.js so that the embedder id names the real file. */
export function defaultDtype(device: ResolvedDevice): ModelDtype {
  return device === 'wasm' ? 'q8' : 'fp32';
}
