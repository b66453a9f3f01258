/**
 * Starts TF.js's WebAssembly backend once per JS realm. TF.js chooses the binary itself:
 * SIMD when the engine validates SIMD code, and the threaded SIMD build when
 * SharedArrayBuffer can be posted (a cross-origin-isolated page or worker; never in Node).
 */
import * as tf from '@tensorflow/tfjs-core';
import { getThreadsCount, setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { useLiteError } from './load-error';

export const WASM_BINARIES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'] as const;

/** A folder prefix ending in "/" holding all three binaries, or one location per binary. */
export type WasmPaths = string | Record<(typeof WASM_BINARIES)[number], string>;

export interface WasmRuntime {
  simd: boolean;
  threads: number;
}

let started: Promise<WasmRuntime> | undefined;

export function startWasmBackend(wasmPaths: WasmPaths | undefined, threads?: number): Promise<WasmRuntime> {
  started ??= start(wasmPaths, threads).catch((e) => {
    started = undefined;
    throw e;
  });
  return started;
}

async function start(wasmPaths: WasmPaths | undefined, threads?: number): Promise<WasmRuntime> {
  if (tf.getBackend() === 'wasm') return describe();
  if (wasmPaths !== undefined) {
    setWasmPaths(typeof wasmPaths === 'string' && !wasmPaths.endsWith('/') ? `${wasmPaths}/` : wasmPaths);
  }
  // TF.js starts its pthread workers from the source text of a bundled function, which breaks
  // once a bundler has minified it; one thread uses the plain SIMD binary and no workers.
  if (threads === 1) tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  else if (threads !== undefined) setThreadsCount(threads);
  // setBackend reports failure by returning false (TF.js logs the cause to the console).
  const ok = await tf.setBackend('wasm').catch(() => false);
  if (!ok) {
    const where = typeof wasmPaths === 'string' ? ` from ${wasmPaths}` : '';
    throw useLiteError(`the WebAssembly runtime did not start (could the .wasm files be loaded${where}?)`, { location: typeof wasmPaths === 'string' ? wasmPaths : undefined });
  }
  await tf.ready();
  return describe();
}

async function describe(): Promise<WasmRuntime> {
  const simd = Boolean(await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'));
  return { simd, threads: getThreadsCount() };
}
