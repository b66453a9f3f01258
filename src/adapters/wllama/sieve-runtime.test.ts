import { describe, expect, it } from 'vitest';
import { WllamaEngine } from './engine';
import { SieveLlama, type HostWorker } from './sieve-runtime';

/** A stand-in for wasm/llama/host/host.js: answers each call as `reply` says, streaming `pieces` first. */
class FakeHost implements HostWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly sent: Array<Record<string, unknown>> = [];
  terminated = false;
  constructor(private readonly reply: (msg: Record<string, unknown>) => { pieces?: string[]; ok: boolean; value?: unknown; error?: string } | 'hold') {}

  postMessage(msg: Record<string, unknown>): void {
    this.sent.push(msg);
    if (msg.op === 'abort') {
      const held = this.sent.find((m) => m.id === msg.id && m.op === 'chat');
      if (held) this.answer({ id: msg.id, ok: true, value: { finish: 'abort', usage: { prompt_tokens: 5, completion_tokens: 1 }, timings: {} } });
      return;
    }
    const r = this.reply(msg);
    if (r === 'hold') return;
    queueMicrotask(() => {
      for (const piece of r.pieces ?? []) this.answer({ id: msg.id, piece });
      this.answer({ id: msg.id, ok: r.ok, value: r.value, error: r.error });
    });
  }

  terminate(): void {
    this.terminated = true;
  }

  private answer(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

const LOADED = { n_ctx: 2048, n_vocab: 49152, n_ctx_train: 8192 };
const TIMINGS = { cache_n: 40, prompt_n: 12, prompt_ms: 90, predicted_n: 3, predicted_ms: 60 };

async function loaded(host: FakeHost): Promise<SieveLlama> {
  const llama = new SieveLlama(host, { errors: [] });
  await llama.loadModel([new Blob(['GGUF'])], { n_ctx: 2048, n_threads: 2 });
  return llama;
}

describe('SieveLlama: the llama.cpp host behind wllama’s interface', () => {
  it('loads with the context, threads and batch asked, and reports the context llama.cpp made', async () => {
    const host = new FakeHost((m) => ({ ok: true, value: m.op === 'load' ? LOADED : true }));
    const llama = await loaded(host);
    expect(host.sent[0]).toMatchObject({ op: 'load', nCtx: 2048, threads: 2, nBatch: 512, blobs: [{ name: 'model.gguf' }] });
    expect(llama.getLoadedContextInfo()).toEqual({ n_ctx: 2048, n_vocab: 49152, success: true });
    expect(llama.isMultithread()).toBe(true);
  });

  it('names the shards of a split model as llama.cpp expects to find them', async () => {
    const host = new FakeHost(() => ({ ok: true, value: LOADED }));
    await new SieveLlama(host, { errors: [] }).loadModel([new Blob(['a']), new Blob(['b'])], {});
    expect((host.sent[0].blobs as Array<{ name: string }>).map((b) => b.name)).toEqual(['model-00001-of-00002.gguf', 'model-00002-of-00002.gguf']);
  });

  it('streams a generation through WllamaEngine: the pieces, then the usage and llama.cpp’s timings', async () => {
    const host = new FakeHost((m) =>
      m.op === 'chat'
        ? { pieces: ['The ', 'answer', '.'], ok: true, value: { finish: 'stop', usage: { prompt_tokens: 52, completion_tokens: 3 }, timings: TIMINGS } }
        : { ok: true, value: LOADED },
    );
    const engine = new WllamaEngine(await loaded(host), { engine: 'wllama', model: 'm', contextWindow: 2048 });
    const pieces: string[] = [];
    const g = await engine.generate([{ role: 'user', content: 'Q?' }], { maxTokens: 20, onToken: (p) => pieces.push(p) });
    expect(pieces).toEqual(['The ', 'answer', '.']);
    expect(g).toMatchObject({ text: 'The answer.', promptTokens: 52, completionTokens: 3, finishReason: 'stop' });
    expect(g.timings).toEqual({ cachedTokens: 40, evaluatedTokens: 12, promptMs: 90, generatedTokens: 3, decodeMs: 60 });
    expect(host.sent.find((m) => m.op === 'chat')).toMatchObject({ maxTokens: 20, temperature: 0, topLogprobs: 0 });
  });

  it('scores the next token from the host’s top log-probabilities', async () => {
    const top = [
      { token: 'Yes', logprob: Math.log(0.6) },
      { token: 'No', logprob: Math.log(0.3) },
    ];
    const host = new FakeHost((m) =>
      m.op === 'chat' ? { ok: true, value: { finish: 'length', top, usage: { prompt_tokens: 30, completion_tokens: 1 }, timings: TIMINGS } } : { ok: true, value: LOADED },
    );
    const engine = new WllamaEngine(await loaded(host), { engine: 'wllama', model: 'm', contextWindow: 2048 });
    const s = await engine.scoreNext([{ role: 'user', content: 'Relevant?' }], ['Yes', 'No']);
    expect(s.probs.Yes).toBeCloseTo(2 / 3, 5);
    expect(s.coverage).toBeCloseTo(0.9, 5);
    expect(s.timings?.cachedTokens).toBe(40);
    expect(host.sent.find((m) => m.op === 'chat')).toMatchObject({ maxTokens: 1, topLogprobs: 20 });
  });
});

describe('SieveLlama: failures and stops', () => {
  it('refits a prompt llama.cpp finds too long, from the count the host reports', async () => {
    let calls = 0;
    const host = new FakeHost((m) => {
      if (m.op !== 'chat') return { ok: true, value: LOADED };
      calls++;
      return calls === 1
        ? { ok: false, error: 'request (2100 tokens) exceeds the available context size (2048 tokens)' }
        : { ok: true, value: { finish: 'stop', usage: { prompt_tokens: 1500, completion_tokens: 0 }, timings: TIMINGS } };
    });
    const engine = new WllamaEngine(await loaded(host), { engine: 'wllama', model: 'm', contextWindow: 2048 });
    const long = 'word '.repeat(1500);
    await engine.generate([{ role: 'user', content: long }], { maxTokens: 16 });
    const chats = host.sent.filter((m) => m.op === 'chat') as Array<{ messages: Array<{ content: string }> }>;
    expect(chats).toHaveLength(2);
    expect(chats[1].messages[0].content.length).toBeLessThan(chats[0].messages[0].content.length);
  });

  it('passes a stop on to the host and ends the generation as aborted', async () => {
    const host = new FakeHost((m) => (m.op === 'chat' ? 'hold' : { ok: true, value: LOADED }));
    const engine = new WllamaEngine(await loaded(host), { engine: 'wllama', model: 'm', contextWindow: 2048 });
    const stop = new AbortController();
    const pending = engine.generate([{ role: 'user', content: 'Q?' }], { maxTokens: 50, signal: stop.signal });
    await new Promise((r) => setTimeout(r, 0));
    stop.abort();
    const g = await pending;
    expect(g.finishReason).toBe('abort');
    expect(host.sent.some((m) => m.op === 'abort')).toBe(true);
  });

  it('rejects every call under way when the host worker fails, keeping the cause in the log', async () => {
    const host = new FakeHost(() => 'hold');
    const log = { errors: [] as string[] };
    const llama = new SieveLlama(host, log);
    const loading = llama.loadModel([new Blob(['x'])], {});
    host.onerror?.({ message: 'NetworkError: host.js failed to load' } as ErrorEvent);
    await expect(loading).rejects.toThrow(/the llama.cpp worker failed: NetworkError/);
    expect(log.errors[0]).toMatch(/host\.js failed to load/);
  });

  it('ends the worker on exit', async () => {
    const host = new FakeHost((m) => ({ ok: true, value: m.op === 'load' ? LOADED : true }));
    const llama = await loaded(host);
    await llama.exit();
    expect(host.sent.at(-1)).toMatchObject({ op: 'exit' });
    expect(host.terminated).toBe(true);
  });
});
