import { runtimeEnv } from '../env';
import type { WllamaEnv } from './environment';
import type { WllamaLike } from './engine';
import { wllamaModelStore, type ModelStore } from './model-store';
import { SieveLlama } from './sieve-runtime';

/** What of wllama's Wllama the loader uses, so tests can pass a fake. */
export interface WllamaInstance extends WllamaLike {
  loadModel(blobs: Blob[], params: Record<string, unknown>): Promise<void>;
  getLoadedContextInfo(): { n_ctx: number; n_vocab: number; success?: boolean };
  isMultithread(): boolean;
  getNumThreads(): number;
}

/** llama.cpp's log lines worth keeping: errors (the cause of a failed load) and where the layers went. */
export interface NativeLog {
  errors: string[];
  /** "offloaded 31/31 layers to GPU", when llama.cpp said so. */
  offload?: string;
}

/** Everything the loader needs from the browser and from wllama; tests replace it whole. */
export interface WllamaRuntime {
  env: WllamaEnv;
  store: ModelStore;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** A new Wllama whose wasm is at `wasmPath`, writing what matters of llama.cpp's log into `log`. */
  create(wasmPath: string, log: NativeLog): WllamaInstance;
  /** Sieve's own CPU build of llama.cpp behind the host script at `hostUrl`; absent where it cannot run (no threads' shared memory). */
  createCpu?(hostUrl: string, log: NativeLog): WllamaInstance;
}

/** The real runtime: wllama imported on first use, its cache in this origin's private file system. */
export async function browserRuntime(): Promise<WllamaRuntime> {
  const { Wllama, ModelManager } = await import('@wllama/wllama/esm/index.js');
  const store = wllamaModelStore(new ModelManager({ logger: quietLogger({ errors: [] }) }));
  return {
    env: await runtimeEnv(),
    store,
    fetch: (url, init) => fetch(url, init),
    create(wasmPath, log) {
      const wllama = new Wllama({ default: wasmPath }, { logger: quietLogger(log) });
      // Never fetch wllama's "compat" build from its CDN; browsers that would need it get an error instead.
      wllama.setCompat(null);
      return wllama as unknown as WllamaInstance;
    },
    // Its build shares memory between threads: it needs a cross-origin-isolated page.
    ...(globalThis.crossOriginIsolated ? { createCpu: (hostUrl: string, log: NativeLog) => new SieveLlama(hostUrl, log) } : {}),
  };
}

/** Drops llama.cpp's chatter (its info lines arrive as debug); keeps errors and the GPU offload line. */
function quietLogger(log: NativeLog) {
  const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
  return {
    debug: (...args: unknown[]) => {
      const offload = /offloaded \d+\/\d+ layers to GPU/.exec(text(args));
      if (offload) log.offload = offload[0];
    },
    log: () => {},
    warn: (...args: unknown[]) => console.warn(...args),
    error: (...args: unknown[]) => {
      log.errors.push(text(args));
      console.error(...args);
    },
  };
}
