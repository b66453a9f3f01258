/** The part of WebGPU's `navigator.gpu` used here (the DOM lib has no WebGPU types). */
export interface WebGpuLike {
  requestAdapter(): Promise<{ features: { has(feature: string): boolean } } | null>;
}

export function navigatorGpu(): WebGpuLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as { gpu?: WebGpuLike }).gpu;
}

/** Whether the GPU runs 16-bit float shaders, which the q4f16 models need. False without WebGPU. */
export async function hasShaderF16(gpu: WebGpuLike | undefined = navigatorGpu()): Promise<boolean> {
  try {
    return (await gpu?.requestAdapter())?.features.has('shader-f16') ?? false;
  } catch {
    return false;
  }
}
