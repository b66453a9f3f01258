/**
 * A GGUF model for the Node scripts (eval, ask), run exactly as the app runs it: the app's
 * wllama adapter (llama.cpp compiled to WebAssembly) in headless Chromium, served by Vite's dev
 * server with the app's config (cross-origin isolated, so llama.cpp gets threads). The Node
 * side is an ordinary LlmEngine whose calls cross page.evaluate.
 *
 * For measuring where time goes: SIEVE_LLM_DEBUG=1 prints the page's console and failed
 * requests, NO_WEBGPU=1 starts Chromium without WebGPU, CHROMIUM_EXTRA="--js-flags=…" adds flags.
 */
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS } from '../playwright.config';
import type { ChatMessage, GenerateOptions, Generation, LlmEngine, LlmInfo, NextTokenScores, ScoreSplitsOptions, SplitToken } from '../src/core/llm';
import type { ManifestModel } from '../src/core/models';
import { REPO_ROOT } from './models/write-model';

export async function loadChromiumGguf(
  entry: ManifestModel,
  nCtx?: number,
  options: { threads?: number; runtime?: 'sieve' | 'wllama' } = {},
): Promise<LlmEngine & { runtime: { isolated: boolean; threads: number; llamaThreads: number; loadMs: number } }> {
  const file = entry.files.find((f) => f.path.endsWith('.gguf'));
  if (!file) throw new Error(`${entry.id} has no .gguf file`);
  process.env.SIEVE_TEST_MODELS = '1'; // a script may run a test model too (vite/model-folders.ts)
  const server = await createServer({
    root: REPO_ROOT,
    configFile: `${REPO_ROOT}/vite.config.ts`,
    logLevel: 'error',
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
  });
  await server.listen();
  const base = server.resolvedUrls!.local[0];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...(process.env.NO_WEBGPU ? CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-webgpu') : CHROMIUM_ARGS),
      ...(process.env.CHROMIUM_EXTRA ? process.env.CHROMIUM_EXTRA.split(' ') : []),
    ],
  });
  const close = async () => {
    await browser.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  };
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error(`LLM host page: ${e.message}`));
    if (process.env.SIEVE_LLM_DEBUG) page.on('console', (m) => console.error(`page: ${m.text()}`));
    if (process.env.SIEVE_LLM_DEBUG) page.on('response', (r) => r.status() >= 400 && console.error(`page: ${r.status()} ${r.url()}`));
    const listeners = new Map<number, (piece: string) => void>();
    await page.exposeFunction('__sieveToken', (call: number, piece: string) => listeners.get(call)?.(piece));
    await page.goto(`${base}scripts/llm-host/index.html`);
    await page.waitForSelector('body[data-ready=true]', { timeout: 120_000 });
    const loaded = await page.evaluate(([url, n, t, r]) => window.sieveHost.load(url, n, t, r), [
      `/models/${entry.id}/${file.path}`,
      nCtx,
      options.threads,
      options.runtime,
    ] as const);
    const withAbort = abortable(page);
    return {
      info: loaded.info as LlmInfo,
      runtime: { isolated: loaded.isolated, threads: loaded.threads, llamaThreads: loaded.llamaThreads, loadMs: loaded.loadMs },
      generate(messages: ChatMessage[], o: GenerateOptions = {}): Promise<Generation> {
        return withAbort(o.signal, async (call) => {
          if (o.onToken) listeners.set(call, o.onToken);
          try {
            const opts = { maxTokens: o.maxTokens, temperature: o.temperature, stream: !!o.onToken };
            return await page.evaluate(([c, m, x]) => window.sieveHost.generate(c, m, x), [call, messages, opts] as const);
          } finally {
            listeners.delete(call);
          }
        });
      },
      scoreNext(messages: ChatMessage[], candidates: string[], o?: { signal?: AbortSignal }): Promise<NextTokenScores> {
        return withAbort(o?.signal, (call) => page.evaluate(([c, m, k]) => window.sieveHost.scoreNext(c, m, k), [call, messages, candidates] as const));
      },
      ...((loaded.info as LlmInfo).splitScores
        ? {
            scoreSplits(windowText: string, o: ScoreSplitsOptions): Promise<SplitToken[]> {
              return withAbort(o.signal, (call) => page.evaluate(([c, w, s]) => window.sieveHost.scoreSplits(c, w, s), [call, windowText, o.splitChar] as const));
            },
          }
        : {}),
      dispose() {
        void close();
      },
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Runs a numbered call in the page; the caller's abort signal stops it there. */
function abortable(page: Page) {
  let calls = 0;
  return async <T>(signal: AbortSignal | undefined, run: (call: number) => Promise<T>): Promise<T> => {
    signal?.throwIfAborted();
    const call = ++calls;
    const onAbort = () => void page.evaluate((c) => window.sieveHost.abort(c), call).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await run(call);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
