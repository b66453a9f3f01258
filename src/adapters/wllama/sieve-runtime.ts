import type { SplitToken } from '../../core/llm';
import type { NativeLog, WllamaInstance } from './runtime';
import { charRanges, type ByteSplit } from './split-ranges';

/**
 * Sieve's own WebAssembly build of llama.cpp (wasm/llama: ggml's WebAssembly SIMD kernels,
 * 32-bit memory, threads), run in a classic worker (wasm/llama/host/host.js) and offered
 * through the part of wllama's interface the engine uses, so WllamaEngine and the loader stay
 * as they are. wllama's own build compiles ggml's generic C kernels (its CMake run leaves the
 * target processor at emscripten's "x86"), several times slower on every CPU.
 */
export class SieveLlama implements WllamaInstance {
  private readonly worker: HostWorker;
  private next = 0;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; onPiece?(p: string): void }>();
  private info = { n_ctx: 0, n_vocab: 0, success: false };
  private threads = 1;

  /** `host`: the host script's URL (e.g. /vendor/llama-host/host.js, which finds the build at ../llama/), or a worker (tests). */
  constructor(
    host: string | HostWorker,
    private readonly log: NativeLog,
  ) {
    this.worker = typeof host === 'string' ? new Worker(host, { name: 'llama.cpp' }) : host;
    this.worker.onmessage = ({ data }: MessageEvent<HostReply>) => {
      const call = this.pending.get(data.id);
      if (!call) return;
      if ('piece' in data) return call.onPiece?.(data.piece);
      this.pending.delete(data.id);
      if (data.ok) call.resolve(data.value);
      else {
        this.log.errors.push(data.error);
        call.reject(new Error(data.error));
      }
    };
    this.worker.onerror = (e) => {
      const error = new Error(`the llama.cpp worker failed: ${e.message || 'its script did not load'}`);
      this.log.errors.push(error.message);
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
  }

  async loadModel(blobs: Blob[], params: Record<string, unknown>): Promise<void> {
    const names = blobs.length === 1 ? ['model.gguf'] : blobs.map((_, i) => `model-${String(i + 1).padStart(5, '0')}-of-${String(blobs.length).padStart(5, '0')}.gguf`);
    const nCtx = Number(params.n_ctx ?? 4096);
    this.threads = Math.max(1, Number(params.n_threads ?? 1));
    const loaded = (await this.call({ op: 'load', blobs: blobs.map((data, i) => ({ name: names[i], data })), nCtx, threads: this.threads, nBatch: BATCH })) as {
      n_ctx: number;
      n_vocab: number;
    };
    this.info = { n_ctx: loaded.n_ctx, n_vocab: loaded.n_vocab, success: true };
  }

  getLoadedContextInfo() {
    return this.info;
  }

  isMultithread(): boolean {
    return this.threads > 1;
  }

  getNumThreads(): number {
    return this.threads;
  }

  /** The OpenAI-style chat call WllamaEngine makes: streamed pieces through onData, or the next token's top log-probabilities. */
  async createChatCompletion(request: Record<string, unknown>): Promise<unknown> {
    const signal = request.abortSignal as AbortSignal | undefined;
    const onData = request.onData as ((chunk: unknown) => void) | undefined;
    const k = request.logprobs ? Number(request.top_logprobs ?? 1) : 0;
    const body = {
      op: 'chat',
      messages: request.messages,
      maxTokens: Number(request.max_tokens ?? 256),
      temperature: Number(request.temperature ?? 0),
      topLogprobs: k,
    };
    const piece = (p: string) => onData?.({ choices: [{ delta: { content: p } }] });
    const reply = (await this.call(body, signal, request.stream ? piece : undefined)) as ChatReply;
    if (k) return { choices: [{ logprobs: { content: [{ top_logprobs: reply.top }] } }], usage: reply.usage, timings: reply.timings };
    // As llama.cpp's server streams: a last chunk with the finish reason, the usage and the timings.
    onData?.({ choices: [{ delta: {}, finish_reason: reply.finish === 'abort' ? null : reply.finish }], usage: reply.usage, timings: reply.timings });
    if (reply.finish === 'abort') throw new DOMException('The generation was stopped.', 'AbortError');
    return reply;
  }

  /** LlamaChunk's scores for the user message `content`, which ends with `windowText` (see WllamaLike.splitScores). */
  async splitScores(content: string, windowText: string, splitChar: string, signal?: AbortSignal): Promise<SplitToken[]> {
    const reply = (await this.call({ op: 'splits', content, windowText, splitChar }, signal)) as { ranges: ByteSplit[] };
    signal?.throwIfAborted();
    return charRanges(windowText, reply.ranges);
  }

  async exit(): Promise<void> {
    await this.call({ op: 'exit' }).catch(() => undefined);
    this.worker.terminate();
  }

  private call(message: Record<string, unknown>, signal?: AbortSignal, onPiece?: (p: string) => void): Promise<unknown> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      const onAbort = () => this.worker.postMessage({ op: 'abort', id });
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
        onPiece,
      });
      this.worker.postMessage({ ...message, id });
    });
  }
}

/** Prompt tokens evaluated per llama_decode call: llama.cpp's own default. */
const BATCH = 512;

/** The part of a Worker the runtime uses. */
export type HostWorker = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((e: MessageEvent) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
};

type HostReply = { id: number; piece: string } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

interface ChatReply {
  finish: 'stop' | 'length' | 'abort';
  top?: Array<{ token: string; logprob: number }>;
  usage: { prompt_tokens: number; completion_tokens: number };
  timings: Record<string, number>;
}
