import type { LoadProgress } from '../core/embed/embedder';
import type { ChatMessage, Generation, GenerateOptions, LlmEngine, LlmInfo, NextTokenScores, ScoreSplitsOptions, SplitToken } from '../core/llm/engine';
import type { LlmSettings } from '../core/settings';
import type { WebLlmCatalogue } from '../adapters/webllm';
import type { CallContext, Port } from '../rpc/protocol';
import { RpcClient } from '../rpc/wrap';

/**
 * The LLM worker's RPC surface, shared by the worker (which serves it) and RemoteEngine (which
 * calls it). generate streams each piece as a progress value `{ piece }`; load streams LoadProgress.
 */
export interface LlmHostApi {
  load(settings: LlmSettings, ctx: CallContext): Promise<LlmInfo | null>;
  /** load, with a file the user picked (a GGUF model whose settings say source 'file'); Files cross postMessage. */
  loadFile(settings: LlmSettings, file: Blob, ctx: CallContext): Promise<LlmInfo | null>;
  generate(messages: ChatMessage[], options: RemoteGenerateOptions, ctx: CallContext): Promise<Generation>;
  scoreNext(messages: ChatMessage[], candidates: string[], ctx: CallContext): Promise<NextTokenScores>;
  /** LlmEngine.scoreSplits of the loaded engine; fails when it has none (check `info().splitScores`). */
  scoreSplits(windowText: string, splitChar: string, ctx: CallContext): Promise<SplitToken[]>;
  unload(ctx: CallContext): void;
  info(ctx: CallContext): LlmInfo | null;
  /** Like info, but first waits for a load under way (null when it fails or nothing is loaded). */
  ready(ctx: CallContext): Promise<LlmInfo | null>;
  /** WebLLM's prebuilt models for this GPU, read where web-llm lives, so the page never imports it. */
  webLlmModels(ctx: CallContext): Promise<WebLlmCatalogue>;
}

/** What of GenerateOptions crosses the port (the signal travels as an RPC cancel, tokens as progress). */
export type RemoteGenerateOptions = Pick<GenerateOptions, 'maxTokens' | 'temperature'>;

export interface PieceProgress {
  piece: string;
}

type Loader = (settings: LlmSettings, onProgress: (p: LoadProgress) => void, file?: Blob) => Promise<LlmEngine | undefined>;

type Catalogue = () => Promise<WebLlmCatalogue>;

const noCatalogue: Catalogue = () => Promise.reject(new Error("WebLLM's model list is not available here"));

/** The worker side: one engine at a time, loaded by `load` (a new load replaces the old engine). */
export function llmHostApi(loadLlm: Loader, webLlmModels: Catalogue = noCatalogue): LlmHostApi & Record<string, (...args: any[]) => unknown> {
  let engine: LlmEngine | undefined;
  let generation = 0;
  /** Settles once the newest load has finished (its engine kept or dropped). */
  let loading: Promise<void> | undefined;
  /** Settles when a load is superseded or the model unloaded, so waiters look again. */
  let change!: () => void;
  let changes = new Promise<void>((r) => (change = r));
  const changed = () => {
    change();
    changes = new Promise<void>((r) => (change = r));
  };
  const loaded = () => {
    if (!engine) throw Object.assign(new Error('no language model is loaded'), { name: 'LlmNotLoadedError', code: 'not-loaded' });
    return engine;
  };
  const load = (settings: LlmSettings, file: Blob | undefined, ctx: CallContext) => {
    // A newer load (or unload) supersedes this one: its engine is then released, never kept.
    const mine = ++generation;
    changed();
    engine?.dispose();
    engine = undefined;
    const job = (async () => {
      const loadedEngine = await loadLlm(settings, (p) => ctx.progress(p), file);
      if (mine !== generation) {
        loadedEngine?.dispose();
        return null;
      }
      engine = loadedEngine;
      return engine?.info ?? null;
    })();
    const marker = job.then(
      () => undefined,
      () => undefined,
    );
    loading = marker;
    void marker.then(() => {
      if (loading === marker) loading = undefined;
    });
    return job;
  };
  return {
    load: (settings, ctx) => load(settings, undefined, ctx),
    loadFile: (settings, file, ctx) => load(settings, file, ctx),
    generate(messages, options, ctx) {
      const { maxTokens, temperature } = options ?? {};
      return loaded().generate(messages, { maxTokens, temperature, signal: ctx.signal, onToken: (piece) => ctx.progress({ piece } satisfies PieceProgress) });
    },
    scoreNext(messages, candidates, ctx) {
      return loaded().scoreNext(messages, candidates, { signal: ctx.signal });
    },
    async scoreSplits(windowText, splitChar, ctx) {
      const e = loaded();
      if (!e.scoreSplits) {
        throw Object.assign(new Error(`${e.info.model} cannot read split-token probabilities (it needs a transformers.js language model)`), {
          name: 'SplitScoresUnavailableError',
          code: 'no-split-scores',
        });
      }
      return e.scoreSplits(windowText, { splitChar, signal: ctx.signal });
    },
    unload() {
      generation++;
      loading = undefined;
      changed();
      engine?.dispose();
      engine = undefined;
    },
    info() {
      return engine?.info ?? null;
    },
    async ready() {
      // A load may be superseded by another while waiting: wait for the newest.
      for (let l = loading; l; l = loading) {
        const c = changes;
        await Promise.race([l, c]);
        if (loading === l && changes === c) break;
      }
      return engine?.info ?? null;
    },
    webLlmModels: () => webLlmModels(),
  };
}

/**
 * An LlmEngine whose model runs in the LLM worker: calls go over RPC (a Worker, or a
 * MessagePort connected to it), pieces come back as progress, and aborting cancels the call.
 * scoreSplits is offered exactly when the worker's engine has it (its info.splitScores).
 */
export class RemoteEngine implements LlmEngine {
  readonly scoreSplits?: (windowText: string, options: ScoreSplitsOptions) => Promise<SplitToken[]>;

  constructor(
    private readonly rpc: RpcClient,
    readonly info: LlmInfo,
    /** Called by dispose(), e.g. to unload the model or terminate the worker. */
    private readonly onDispose?: () => void,
  ) {
    if (info.splitScores) {
      this.scoreSplits = (windowText, { splitChar, signal }) =>
        this.rpc.call<SplitToken[]>('scoreSplits', [windowText, splitChar], { signal, settleOnAbort: true });
    }
  }

  generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    const { signal, onToken, maxTokens, temperature } = options;
    const remote: RemoteGenerateOptions = { maxTokens, temperature };
    return this.rpc.call<Generation>('generate', [messages, remote], { signal, settleOnAbort: true, onProgress: (p: PieceProgress) => onToken?.(p.piece) });
  }

  scoreNext(messages: ChatMessage[], candidates: string[], options: { signal?: AbortSignal } = {}): Promise<NextTokenScores> {
    return this.rpc.call<NextTokenScores>('scoreNext', [messages, candidates], { signal: options.signal, settleOnAbort: true });
  }

  dispose(): void {
    this.onDispose?.();
  }
}

/** An RpcClient on a MessagePort (started here, since MessagePorts with listeners need start()). */
export function rpcOverPort(port: MessagePort | Port): RpcClient {
  const client = new RpcClient(port as Port);
  (port as { start?: () => void }).start?.();
  return client;
}

/** Loads `settings` in the worker behind `rpc`; undefined for 'none'. */
export async function loadRemoteLlm(rpc: RpcClient, settings: LlmSettings, onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<RemoteEngine | undefined> {
  const info = await rpc.call<LlmInfo | null>('load', [settings], { onProgress, signal });
  return info ? new RemoteEngine(rpc, info, () => void rpc.call('unload').catch(() => undefined)) : undefined;
}

/** The info of the model already loaded in the worker behind `rpc`, as an engine that does not unload it. */
export async function attachRemoteLlm(rpc: RpcClient, options: { waitForLoad?: boolean } = {}): Promise<RemoteEngine | undefined> {
  const info = await rpc.call<LlmInfo | null>(options.waitForLoad ? 'ready' : 'info');
  return info ? new RemoteEngine(rpc, info) : undefined;
}
