import type { RuntimeEnv } from '../env';
import type { DeviceChoice, ModelDtype, ResolvedDevice } from './options';

/** 'auto' is WebGPU where an adapter is granted, else WASM (in Node: the native CPU runtime). */
export function resolveDevice(choice: DeviceChoice, env: Pick<RuntimeEnv, 'webgpu' | 'node'>): ResolvedDevice {
  if (choice !== 'auto') return choice;
  if (env.webgpu) return 'webgpu';
  return env.node ? 'cpu' : 'wasm';
}

/** Spelled out rather than left to transformers.js so that the embedder id names the real file. */
export function defaultDtype(device: ResolvedDevice): ModelDtype {
  return device === 'wasm' ? 'q8' : 'fp32';
}
