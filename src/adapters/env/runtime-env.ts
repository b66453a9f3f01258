import { probeRuntimeEnv, type RuntimeEnv } from './probe';

let current: Promise<RuntimeEnv> | undefined;

/** This realm's RuntimeEnv, probed on first use and kept: every adapter reads it from here. */
export function runtimeEnv(): Promise<RuntimeEnv> {
  current ??= probeRuntimeEnv();
  return current;
}

/** A plain browser without GPU, threads or Memory64, with `overrides` on top: for tests. */
export function testEnv(overrides: Partial<RuntimeEnv> = {}): RuntimeEnv {
  return { webgpuApi: false, webgpu: false, shaderF16: false, crossOriginIsolated: false, threads: 1, memory64: false, node: false, ...overrides };
}

/** Tests: makes runtimeEnv() answer `env` (see testEnv); without one, the next call probes again. */
export function setRuntimeEnv(env?: RuntimeEnv): void {
  current = env ? Promise.resolve(env) : undefined;
}
