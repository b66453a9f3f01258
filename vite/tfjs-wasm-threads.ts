import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './paths';

/**
 * TF.js starts its WASM threads from `factory.toString()`, which only works on the unbundled
 * source: once minified, the function refers to names outside itself. Hand it the original
 * file's text instead, so the threaded build runs in a bundled, cross-origin-isolated worker.
 */
export function tfjsWasmThreads(): Plugin {
  const factory = 'node_modules/@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js';
  const needle = /`var WasmBackendModuleThreadedSimd = ` \+\s*wasmFactoryThreadedSimd\.toString\(\)/;
  return {
    name: 'sieve-tfjs-wasm-threads',
    transform(code, id) {
      if (!id.includes('tfjs-backend-wasm') || !id.endsWith('backend_wasm.js')) return null;
      if (!needle.test(code)) this.error('tfjs-backend-wasm changed: the threaded-worker patch in vite/tfjs-wasm-threads.ts no longer applies');
      const source = readFileSync(resolve(ROOT, factory), 'utf8');
      return { code: code.replace(needle, JSON.stringify(source)), map: null };
    },
  };
}
