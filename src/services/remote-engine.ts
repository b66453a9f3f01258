import type { LoadProgress } from '../core/embed';
import type { ChatMessage, Generation, GenerateOptions, LlmEngine, LlmInfo, NextTokenScores, ScoreSplitsOptions, SplitToken } from '../core/llm';
import type { LlmSettings } from '../core/settings';
import type { WebLlmCatalogue } from '../adapters/webllm';
import type { CallContext, Endpoint } from '../rpc/protocol';
import { wrap, type Remote } from '../rpc/wrap';
import { LLM_HOST_METHODS, type LlmHostApi, type PieceProgress, type RemoteGenerateOptions } from '../rpc/apis/llm';

export type { LlmHostApi, PieceProgress, RemoteGenerateOptions } from '../rpc/apis/llm';

const ignore = () => undefined;

type Loader = (settings: LlmSettings, onProgress: (p: LoadProgress) => void, file?: Blob) => Promise<LlmEngine | undefined>;

type Catalogue = () => Promise<WebLlmCatalogue>;

const noCatalogue: Catalogue = () => Promise.reject(new Error("WebLLM's model list is not available here"));

/** The worker side: one engine at a time, loaded by `load` (a new load replaces the old engine). */
export function llmHostApi(loadLlm: Loader, webLlmModels: Catalogue = noCatalogue): LlmHostApi {
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
  const load = (settings: LlmSettings, file: Blob | undefined, ctx: CallContext<LoadProgress>) => {
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
    const marker = job.then(ignore, ignore);
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
        throw Object.assign(new Error(`${e.info.model} cannot read split-token probabilities (a GGUF model on the CPU or a transformers.js model can)`), {
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
    private readonly rpc: Remote<LlmHostApi>,
    readonly info: LlmInfo,
    /** Called by dispose(), e.g. to unload the model or terminate the worker. */
    private readonly onDispose?: () => void,
  ) {
    if (info.splitScores) {
      this.scoreSplits = (windowText, { splitChar, signal }) => this.rpc.scoreSplits(windowText, splitChar, { signal, settleOnAbort: true });
    }
  }

  generate(messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    const { signal, onToken, maxTokens, temperature } = options;
    const remote: RemoteGenerateOptions = { maxTokens, temperature };
    return this.rpc.generate(messages, remote, { signal, settleOnAbort: true, onProgress: (p: PieceProgress) => onToken?.(p.piece) });
  }

  scoreNext(messages: ChatMessage[], candidates: string[], options: { signal?: AbortSignal } = {}): Promise<NextTokenScores> {
    return this.rpc.scoreNext(messages, candidates, { signal: options.signal, settleOnAbort: true });
  }

  dispose(): void {
    this.onDispose?.();
  }
}

/** The model host behind `port` (a MessagePort connected to the LLM worker, or the worker itself). */
export function rpcOverPort(port: Endpoint): Remote<LlmHostApi> {
  return wrap<LlmHostApi>(port, LLM_HOST_METHODS);
}

/** Loads `settings` in the worker behind `rpc`; undefined for 'none'. */
export async function loadRemoteLlm(
  rpc: Remote<LlmHostApi>,
  settings: LlmSettings,
  onProgress?: (p: LoadProgress) => void,
  signal?: AbortSignal,
): Promise<RemoteEngine | undefined> {
  const info = await rpc.load(settings, { onProgress, signal });
  return info ? new RemoteEngine(rpc, info, () => void rpc.unload().catch(() => undefined)) : undefined;
}

/** The info of the model already loaded in the worker behind `rpc`, as an engine that does not unload it. */
export async function attachRemoteLlm(rpc: Remote<LlmHostApi>, options: { waitForLoad?: boolean } = {}): Promise<RemoteEngine | undefined> {
  const info = await (options.waitForLoad ? rpc.ready() : rpc.info());
  return info ? new RemoteEngine(rpc, info) : undefined;
}
