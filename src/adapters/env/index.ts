/**
 * One answer to "what can this runtime do?" (WebGPU, shader-f16, cross-origin isolation,
 * threads, Memory64, device memory), probed once per realm. Adapters take their capabilities
 * from here, or from an env passed in, and never probe the browser themselves.
 */
export { runtimeEnv, setRuntimeEnv, testEnv } from './runtime-env';
export { probeRuntimeEnv, type RuntimeEnv, type ProbeScope, type GpuAdapterLike } from './probe';
