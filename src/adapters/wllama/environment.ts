/** What the browser (or worker) offers llama.cpp; injectable so tests can play any browser. */
export interface WllamaEnvironment {
  hardwareConcurrency: number;
  /** navigator.deviceMemory in GB (rounded down by the browser, at most 8), when exposed. */
  deviceMemoryGb?: number;
  /**
   * The WebGPU adapter: 'software' is a CPU emulation (SwiftShader, in headless or GPU-less
   * browsers), slower than llama.cpp's own CPU code.
   */
  gpu: 'hardware' | 'software' | 'none';
  /** WebAssembly Memory64, which wllama's only self-hosted build needs. */
  memory64: boolean;
}

interface GpuLike {
  requestAdapter(): Promise<{ isFallbackAdapter?: boolean; info?: { isFallbackAdapter?: boolean } } | null>;
}

export async function browserEnvironment(): Promise<WllamaEnvironment> {
  const nav = (typeof navigator === 'undefined' ? {} : navigator) as { hardwareConcurrency?: number; deviceMemory?: number; gpu?: GpuLike };
  return {
    hardwareConcurrency: nav.hardwareConcurrency || 1,
    deviceMemoryGb: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : undefined,
    gpu: await gpuKind(nav.gpu),
    memory64: supportsMemory64(),
  };
}

async function gpuKind(gpu: GpuLike | undefined): Promise<WllamaEnvironment['gpu']> {
  const adapter = await gpu?.requestAdapter().catch(() => null);
  if (!adapter) return 'none';
  return adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter ? 'software' : 'hardware';
}

/** Whether llama.cpp should keep to the CPU: asked to, or 'auto' without a hardware GPU. */
export function cpuOnly(env: WllamaEnvironment, device: 'auto' | 'wasm' | 'webgpu'): boolean {
  return device === 'wasm' || (device === 'auto' && env.gpu !== 'hardware');
}

function supportsMemory64(): boolean {
  try {
    new WebAssembly.Memory({ address: 'i64', initial: 1n } as unknown as WebAssembly.MemoryDescriptor);
    return true;
  } catch {
    return false;
  }
}

/** llama.cpp's matrix kernels gain little past 8 threads, and the page's other workers need cores too. */
const MAX_THREADS = 8;

/**
 * Threads for llama.cpp: half the logical cores (about the physical ones), at most 8. Its
 * threads spin at each barrier, so asking for every core, with the page's other workers and
 * the browser also running, makes it slower, not faster. (wllama runs single-threaded anyway
 * without cross-origin isolation.)
 */
export function defaultThreads(env: WllamaEnvironment): number {
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(env.hardwareConcurrency / 2)));
}

const GB = 1024 ** 3;
/** wllama's WebAssembly heap is capped at 4 GB; the KV cache and scratch buffers need some of it. */
const HEAP_ROOM = 4 * GB - GB / 2;

export interface SizeLimit {
  bytes: number;
  reason: string;
}

/**
 * The largest model file worth trying here, or undefined when none is known. On the CPU the
 * weights live in the 4 GB WebAssembly heap; a device reporting under 8 GB of memory (the most
 * browsers report) should not be asked to hold a model of more than half of it.
 */
export function modelSizeLimit(env: WllamaEnvironment, device: 'auto' | 'wasm' | 'webgpu'): SizeLimit | undefined {
  const limits: SizeLimit[] = [];
  if (cpuOnly(env, device)) {
    limits.push({ bytes: HEAP_ROOM, reason: "llama.cpp's WebAssembly memory holds at most 4 GB, weights and context together" });
  }
  if (env.deviceMemoryGb !== undefined && env.deviceMemoryGb < 8) {
    limits.push({ bytes: (env.deviceMemoryGb * GB) / 2, reason: `this device reports ${env.deviceMemoryGb} GB of memory` });
  }
  return limits.sort((a, b) => a.bytes - b.bytes)[0];
}
