/** What this browser (or worker, or Node) offers the model runtimes. */
export interface RuntimeEnv {
  /** `navigator.gpu` exists: the browser speaks WebGPU, whether or not it grants an adapter. */
  webgpuApi: boolean;
  /** A WebGPU adapter was granted (absent, blocklisted or driverless GPUs grant none). */
  webgpu: boolean;
  /** The adapter is a CPU emulation (SwiftShader, in headless or GPU-less browsers): slower than WASM. */
  softwareGpu?: boolean;
  /** The adapter runs 16-bit float shaders, which WebLLM's q4f16 models need. */
  shaderF16: boolean;
  /** SharedArrayBuffer can be posted, so WASM runtimes may start threads. */
  crossOriginIsolated: boolean;
  /** Logical cores (navigator.hardwareConcurrency; 1 where unknown). */
  threads: number;
  /** WebAssembly Memory64, which llama.cpp's build needs. */
  memory64: boolean;
  /** navigator.deviceMemory in GB (rounded down by the browser, at most 8), when exposed. */
  deviceMemoryGB?: number;
  /** Node (tests, scripts), where transformers.js runs on onnxruntime-node's CPU backend. */
  node: boolean;
}

/** The part of WebGPU's adapter read here (the DOM lib has no WebGPU types). */
export interface GpuAdapterLike {
  features?: { has(feature: string): boolean };
  isFallbackAdapter?: boolean;
  info?: { isFallbackAdapter?: boolean };
}

/** The globals probed; injectable so tests can play any browser. */
export interface ProbeScope {
  navigator?: {
    gpu?: { requestAdapter(): Promise<GpuAdapterLike | null> };
    hardwareConcurrency?: number;
    deviceMemory?: number;
  };
  crossOriginIsolated?: boolean;
  process?: { versions?: { node?: string } };
}

/** Asks the running realm what it can do. Never throws: a failed probe counts as "no". */
export async function probeRuntimeEnv(scope: ProbeScope = globalThis as ProbeScope): Promise<RuntimeEnv> {
  const nav = scope.navigator;
  // requestAdapter() resolves null when WebGPU is exposed but unusable (blocklisted GPU, no driver).
  const adapter = await requestAdapter(nav?.gpu);
  return {
    webgpuApi: Boolean(nav?.gpu),
    webgpu: Boolean(adapter),
    ...(adapter ? { softwareGpu: Boolean(adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter) } : {}),
    shaderF16: adapter?.features?.has('shader-f16') ?? false,
    crossOriginIsolated: scope.crossOriginIsolated === true,
    threads: nav?.hardwareConcurrency || 1,
    memory64: supportsMemory64(),
    ...(typeof nav?.deviceMemory === 'number' ? { deviceMemoryGB: nav.deviceMemory } : {}),
    node: typeof scope.process?.versions?.node === 'string',
  };
}

async function requestAdapter(gpu: NonNullable<ProbeScope['navigator']>['gpu']): Promise<GpuAdapterLike | null> {
  try {
    return (await gpu?.requestAdapter()) ?? null;
  } catch {
    return null;
  }
}

function supportsMemory64(): boolean {
  try {
    new WebAssembly.Memory({ address: 'i64', initial: 1n } as unknown as WebAssembly.MemoryDescriptor);
    return true;
  } catch {
    return false;
  }
}
