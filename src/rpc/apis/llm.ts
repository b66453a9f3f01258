import type { CallContext } from '../protocol';
import type { Methods } from '../types';
import type { LoadProgress } from '../../core/embed';
import type { ChatMessage, Generation, GenerateOptions, LlmInfo, NextTokenScores, SplitToken } from '../../core/llm';
import type { LlmSettings } from '../../core/settings';
import type { WebLlmCatalogue } from '../../adapters/webllm';

/** What of GenerateOptions crosses the port (the signal travels as an RPC cancel, tokens as progress). */
export type RemoteGenerateOptions = Pick<GenerateOptions, 'maxTokens' | 'temperature'>;

/** generate's progress: each piece of text as it comes. */
export interface PieceProgress {
  piece: string;
}

/**
 * The LLM worker's model host (src/services/remote-engine.ts llmHostApi), served to the page and,
 * over a port of its own, to the library worker (RemoteEngine).
 */
export interface LlmHostApi {
  load(settings: LlmSettings, ctx: CallContext<LoadProgress>): Promise<LlmInfo | null>;
  /** load, with a file the user picked (a GGUF model whose settings say source 'file'); Files cross postMessage. */
  loadFile(settings: LlmSettings, file: Blob, ctx: CallContext<LoadProgress>): Promise<LlmInfo | null>;
  generate(messages: ChatMessage[], options: RemoteGenerateOptions, ctx: CallContext<PieceProgress>): Promise<Generation>;
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

export const LLM_HOST_METHODS: Methods<LlmHostApi> = {
  load: 1,
  loadFile: 2,
  generate: 2,
  scoreNext: 2,
  scoreSplits: 2,
  unload: 0,
  info: 0,
  ready: 0,
  webLlmModels: 0,
};

/** The LLM worker as the page sees it: the host, and a way to give another worker its own connection. */
export interface LlmWorkerApi extends LlmHostApi {
  /** Serves LlmHostApi on `port` (transfer it); the other end goes to e.g. LibraryApi.attachLlm. */
  connect(port: MessagePort): void;
}

export const LLM_WORKER_METHODS: Methods<LlmWorkerApi> = { ...LLM_HOST_METHODS, connect: 1 };
