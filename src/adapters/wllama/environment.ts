import type { RuntimeEnv } from '../env';

/** The part of the runtime env llama.cpp's choices depend on. */
export type WllamaEnv = Pick<RuntimeEnv, 'threads' | 'deviceMemoryGB' | 'webgpu' | 'softwareGpu' | 'memory64'>;

/**
 * Whether llama.cpp should keep to the CPU: asked to, or 'auto' without a hardware GPU (a
 * software adapter such as SwiftShader is slower than llama.cpp's own CPU code).
 */
export function cpuOnly(env: WllamaEnv, device: 'auto' | 'wasm' | 'webgpu'): boolean {
  return device === 'wasm' || (device === 'auto' && (!env.webgpu || env.softwareGpu === true));
}

/** llama.cpp's matrix kernels gain little past 8 threads, and the page's other workers need cores too. */
const MAX_THREADS = 8;

/**
 * Threads for llama.cpp. On a small machine (up to 4 logical cores) every core: while the
 * model runs, the page's other workers are idle, and on 2 cores 2 threads evaluated prompts
 * 2.0× and decoded 1.4× as fast as 1 (npm run bench:llm, Qwen2.5 0.5B). On a larger one,
 * half the cores, at most 8: llama.cpp's threads spin at each barrier, so more threads than
 * physical cores, with the browser also running, make it slower. (Without cross-origin
 * isolation llama.cpp runs single-threaded anyway.)
 */
export function defaultThreads(env: WllamaEnv): number {
  if (env.threads <= SMALL_MACHINE) return Math.max(1, env.threads);
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(env.threads / 2)));
}

/** Logical cores up to which llama.cpp gets them all. */
const SMALL_MACHINE = 4;

const GB = 1024 ** 3;
/** wllama's WebAssembly heap is capped at 4 GB; the KV cache and scratch buffers need some of it. */
const HEAP_ROOM = 4 * GB - GB / 2;

interface SizeLimit {
  bytes: number;
  reason: string;
}

/**
 * The largest model file worth trying here, or undefined when none is known. On the CPU the
 * weights live in the 4 GB WebAssembly heap; a device reporting under 8 GB of memory (the most
 * browsers report) should not be asked to hold a model of more than half of it.
 */
export function modelSizeLimit(env: WllamaEnv, device: 'auto' | 'wasm' | 'webgpu'): SizeLimit | undefined {
  const limits: SizeLimit[] = [];
  if (cpuOnly(env, device)) {
    limits.push({ bytes: HEAP_ROOM, reason: "llama.cpp's WebAssembly memory holds at most 4 GB, weights and context together" });
  }
  if (env.deviceMemoryGB !== undefined && env.deviceMemoryGB < 8) {
    limits.push({ bytes: (env.deviceMemoryGB * GB) / 2, reason: `this device reports ${env.deviceMemoryGB} GB of memory` });
  }
  return limits.sort((a, b) => a.bytes - b.bytes)[0];
}
