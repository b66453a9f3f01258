/**
 * The scripts' fast path for measuring quality (--llm-native): a GGUF served by native
 * llama.cpp (llama-server, built from the same llama.cpp source as the app's WebAssembly build
 * and bench:llm's llama-bench) behind the app's own WllamaEngine. The prompts, the chat
 * template, greedy decoding, top log-probabilities and prompt-prefix reuse are those of the app;
 * only the kernels differ (native instead of WebAssembly), so a 41-question run takes minutes
 * instead of an hour. Speed is measured in the app's own engine by bench:llm, never here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { WllamaEngine, type WllamaLike } from '../src/adapters/wllama/engine';
import type { LlmEngine } from '../src/core/llm';
import type { ManifestModel } from '../src/core/models';
import { llamaTool } from './bench-llm/native';

/** The app's context window for a GGUF model unless the caller names one (src/adapters/wllama/load.ts). */
const DEFAULT_CONTEXT = 4096;

export async function loadNativeGguf(entry: ManifestModel, dir: string, options: { nCtx?: number; threads?: number } = {}): Promise<LlmEngine> {
  const file = entry.files.find((f) => f.path.endsWith('.gguf'));
  if (!file) throw new Error(`${entry.id} has no .gguf file`);
  const tool = await llamaTool('llama-server', (line) => console.error(line));
  if ('error' in tool) throw new Error(`native llama.cpp could not be built: ${tool.error}`);
  const port = await freePort();
  const nCtx = options.nCtx ?? Math.min(entry.contextWindow ?? DEFAULT_CONTEXT, DEFAULT_CONTEXT);
  const threads = options.threads ?? 2;
  // The built-in chat templates (no jinja), as the app's build renders them.
  const args = [
    '-m',
    join(dir, entry.id, file.path),
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '-c',
    String(nCtx),
    '-t',
    String(threads),
    '-np',
    '1',
    '--no-webui',
    '--no-jinja',
    '--reasoning-format',
    'none',
  ];
  const child = spawn(tool.bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await ready(base, child, () => log);
  } catch (e) {
    child.kill();
    throw e;
  }
  const props = (await (await fetch(`${base}/props`)).json()) as { default_generation_settings?: { n_ctx?: number }; n_ctx?: number };
  const contextWindow = props.default_generation_settings?.n_ctx ?? props.n_ctx ?? nCtx;
  return new WllamaEngine(new ServerChat(base, child), { engine: 'wllama', model: entry.name, contextWindow });
}

/** wllama's chat call over llama-server's OpenAI-style endpoint: one JSON reply, or server-sent events passed to onData. */
export class ServerChat implements WllamaLike {
  constructor(
    private readonly base: string,
    private readonly child?: ChildProcess,
  ) {}

  async createChatCompletion(request: Record<string, unknown>): Promise<unknown> {
    const { abortSignal, onData, ...body } = request as { abortSignal?: AbortSignal; onData?: (chunk: unknown) => void } & Record<string, unknown>;
    const res = await fetch(`${this.base}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, cache_prompt: true, timings_per_token: false }),
      signal: abortSignal,
    });
    if (!res.ok) throw new Error(await serverError(res));
    if (!body.stream) return res.json();
    await readEvents(res, (data) => onData?.(data));
    return undefined;
  }

  async exit(): Promise<void> {
    this.child?.kill();
  }
}

/** Calls `onEvent` with each `data:` payload of a server-sent event stream, up to [DONE]. */
export async function readEvents(res: Response, onEvent: (data: unknown) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(part, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const payload = line.slice(5).trim();
        if (payload === '[DONE]') return;
        const data = JSON.parse(payload) as { error?: { message?: string } };
        if (data.error) throw new Error(data.error.message ?? JSON.stringify(data.error));
        onEvent(data);
      }
    }
  }
}

async function serverError(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const e = JSON.parse(text) as { error?: { message?: string } };
    return e.error?.message ?? text;
  } catch {
    return `llama-server answered ${res.status}: ${text.slice(0, 300)}`;
  }
}

async function ready(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`llama-server exited (${code}): ${log().trim().split('\n').slice(-3).join(' ')}`))),
  );
  const poll = (async () => {
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`${base}/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('llama-server did not become ready in 120 s');
  })();
  exited.catch(() => undefined); // the server exits on dispose, long after it was ready
  await Promise.race([poll, exited]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
