/**
 * The page side of scripts/chromium-llm.ts: loads a GGUF model with the app's own wllama
 * adapter, in real Chromium, and answers the engine calls the Node script makes through
 * page.evaluate. Streamed pieces go back through window.__sieveToken (exposed by the script).
 */
import { defaultThreads, loadWllama } from '../../src/adapters/wllama';
import { runtimeEnv } from '../../src/adapters/env';
import type { ChatMessage, GenerateOptions, LlmEngine } from '../../src/core/llm';

declare global {
  interface Window {
    __sieveToken?(call: number, piece: string): void;
    sieveHost: typeof host;
  }
}

let engine: LlmEngine | undefined;
const running = new Map<number, AbortController>();

const host = {
  async load(url: string, nCtx?: number, threads?: number, runtime?: 'sieve' | 'wllama') {
    const t = performance.now();
    engine = await loadWllama({
      source: { kind: 'url', url },
      nCtx,
      device: 'wasm',
      wasmPath: '/vendor/wllama/wllama.wasm',
      ...(threads ? { threads } : {}),
      ...(runtime === 'wllama' ? {} : { llamaHost: '/vendor/llama-host/host.js' }),
    });
    const loadMs = performance.now() - t;
    const llamaThreads = threads ?? defaultThreads(await runtimeEnv());
    return { info: engine.info, isolated: crossOriginIsolated, threads: navigator.hardwareConcurrency, llamaThreads, loadMs };
  },
  async generate(call: number, messages: ChatMessage[], o: Omit<GenerateOptions, 'signal' | 'onToken'> & { stream?: boolean }) {
    const ctl = new AbortController();
    running.set(call, ctl);
    try {
      return await engine!.generate(messages, { ...o, signal: ctl.signal, onToken: o.stream ? (p) => window.__sieveToken?.(call, p) : undefined });
    } finally {
      running.delete(call);
    }
  },
  async scoreNext(call: number, messages: ChatMessage[], candidates: string[]) {
    const ctl = new AbortController();
    running.set(call, ctl);
    try {
      return await engine!.scoreNext(messages, candidates, { signal: ctl.signal });
    } finally {
      running.delete(call);
    }
  },
  async scoreSplits(call: number, windowText: string, splitChar: string) {
    if (!engine?.scoreSplits) throw new Error(`${engine?.info.model ?? 'the model'} cannot read split-token probabilities here`);
    const ctl = new AbortController();
    running.set(call, ctl);
    try {
      return await engine.scoreSplits(windowText, { splitChar, signal: ctl.signal });
    } finally {
      running.delete(call);
    }
  },
  abort(call: number) {
    running.get(call)?.abort();
  },
};

window.sieveHost = host;
document.body.dataset.ready = 'true';
