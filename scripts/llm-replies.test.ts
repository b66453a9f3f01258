import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../src/testing/scripted-engine';
import { storedReplies, withStoredReplies } from './llm-replies';
import { readEvents, ServerChat } from './native-llm';

const ASK = [{ role: 'user' as const, content: 'Which year?' }];

describe('withStoredReplies', () => {
  it('answers a repeated greedy call from the file, in a later run too, and calls the model for a new one', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'replies-')), 'r.jsonl');
    const model = new ScriptedEngine([{ match: /Which year/, reply: '2019' }], [{ match: /Which year/, probs: { yes: 0.8, no: 0.2 } }]);
    const first = withStoredReplies(model, file);
    expect((await first.engine.generate(ASK, { maxTokens: 8 })).text).toBe('2019');
    await first.engine.scoreNext(ASK, ['yes', 'no']);
    expect(first.counts()).toEqual({ stored: 0, called: 2 });

    const later = withStoredReplies(model, file);
    const pieces: string[] = [];
    expect((await later.engine.generate(ASK, { maxTokens: 8, onToken: (p) => pieces.push(p) })).text).toBe('2019');
    expect(pieces).toEqual(['2019']);
    expect((await later.engine.scoreNext(ASK, ['yes', 'no'])).probs.yes).toBeCloseTo(0.8);
    await later.engine.generate(ASK, { maxTokens: 16 }); // another limit is another call
    expect(later.counts()).toEqual({ stored: 2, called: 1 });
    expect(model.calls).toHaveLength(3);
    expect(storedReplies(file)).toHaveLength(3);
  });

  it('never reads a stored reply for a sampled call', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'replies-')), 'r.jsonl');
    const model = new ScriptedEngine([{ match: /Which year/, reply: '2019' }]);
    const store = withStoredReplies(model, file);
    await store.engine.generate(ASK, { temperature: 0.7 });
    await store.engine.generate(ASK, { temperature: 0.7 });
    expect(store.counts()).toEqual({ stored: 0, called: 2 });
  });
});

function sse(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const s of chunks) c.enqueue(new TextEncoder().encode(s));
      c.close();
    },
  });
  return new Response(body);
}

describe("llama-server's chat API", () => {
  it('reads server-sent events split anywhere, up to [DONE]', async () => {
    const seen: unknown[] = [];
    await readEvents(sse(['data: {"a":', '1}\n\ndata: {"a":2}\n', '\ndata: [DONE]\n\ndata: {"a":3}\n\n']), (d) => seen.push(d));
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('fails with the error a stream reports', async () => {
    await expect(readEvents(sse(['data: {"error":{"message":"context full"}}\n\n']), () => undefined)).rejects.toThrow('context full');
  });

  it('passes the server’s error message on, as the engine expects it', async () => {
    const server = (globalThis as { fetch: typeof fetch }).fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ error: { message: 'request (5000 tokens) exceeds the available context size (4096 tokens)' } }), { status: 400 })) as typeof fetch;
    try {
      await expect(new ServerChat('http://127.0.0.1:1').createChatCompletion({ messages: ASK })).rejects.toThrow('(5000 tokens) exceeds the available context size');
    } finally {
      globalThis.fetch = server;
    }
  });
});
