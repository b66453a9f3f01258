import type { LoadProgress } from '../../core/embed';

export type GgufSource =
  /** A Hugging Face file URL (https://huggingface.co/<repo>/resolve/main/<file>.gguf) or one on this site; absolute. */
  | { kind: 'url'; url: string }
  /**
   * A file picked from disk. `file` is there when it was just picked; after a reload only the
   * name and size are, and the copy kept in the browser is used.
   */
  | { kind: 'file'; name: string; size: number; file?: Blob };

export type WllamaDevice = 'auto' | 'wasm' | 'webgpu';

export interface WllamaOptions {
  source: GgufSource;
  /** Context window in tokens. Default: the model's training context, at most 4096. */
  nCtx?: number;
  /** 'auto' offloads to WebGPU where the browser has it; 'wasm' keeps to the CPU. Default 'auto'. */
  device?: WllamaDevice;
  /** wllama.wasm on this site, e.g. '/vendor/wllama/wllama.wasm'. Never a CDN. */
  wasmPath: string;
  /**
   * The host script of Sieve's own llama.cpp build (e.g. '/vendor/llama-host/host.js'), used on
   * the CPU in a cross-origin-isolated page: several times faster than wllama's build there.
   * Absent: wllama's build always.
   */
  llamaHost?: string;
  /** llama.cpp threads (used when the page is cross-origin isolated). Default: the logical cores, at most 8. */
  threads?: number;
  onProgress?(progress: LoadProgress): void;
  signal?: AbortSignal;
}
