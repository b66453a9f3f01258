import { afterEach, describe, expect, it } from 'vitest';
import { expose } from './expose';
import { failAll, wrap } from './wrap';
import { transfer, type CallContext } from './protocol';
import type { Methods } from './types';

interface TestApi {
  add(a: number, b: number): number;
  count(n: number, ctx: CallContext<number>): Promise<string>;
  fail(): void;
  wait(ctx: CallContext): Promise<string>;
  reverse(bytes: Uint8Array): Uint8Array;
  /** Its second argument may be left out: the context still comes third. */
  greet(name: string, punctuation: string | undefined, ctx: CallContext): string;
  forever(): Promise<never>;
}
const METHODS: Methods<TestApi> = { add: 2, count: 1, fail: 0, wait: 0, reverse: 1, greet: 2, forever: 0 };

const open: MessagePort[] = [];
/** What `reverse` last sent back (moved, so empty on the serving side afterwards). */
let kept: Uint8Array | undefined;
afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

function channel() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  return { server: port1, client: port2 };
}

/** Serves TestApi (with `wait` as given) and returns its remote. */
function serve(wait: TestApi['wait'] = (ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)))) {
  const { server, client } = channel();
  const api: TestApi = {
    add: (a, b) => a + b,
    count: async (n, ctx) => {
      for (let i = 1; i <= n; i++) ctx.progress(i);
      return 'done';
    },
    fail: () => {
      throw Object.assign(new Error('report.pdf: it is encrypted'), { name: 'IngestError', code: 'encrypted', fileName: 'report.pdf' });
    },
    wait,
    reverse: (bytes) => {
      kept = bytes.slice().reverse();
      return transfer(kept, [kept.buffer]);
    },
    greet: (name, punctuation, ctx) => `hello ${name}${punctuation ?? '.'}${ctx.signal instanceof AbortSignal ? '' : ' (no context)'}`,
    forever: () => new Promise(() => undefined),
  };
  expose(api, server, METHODS);
  return wrap<TestApi>(client, METHODS);
}

describe('rpc', () => {
  it('returns results, streams progress, and carries error codes across', async () => {
    const remote = serve();
    expect(await remote.add(2, 3)).toBe(5);
    const seen: number[] = [];
    expect(await remote.count(3, { onProgress: (v) => seen.push(v) })).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
    await expect(remote.fail()).rejects.toMatchObject({ name: 'IngestError', code: 'encrypted', fileName: 'report.pdf' });
  });

  it('puts the context after all of a method’s arguments, even ones left out', async () => {
    const remote = serve();
    expect(await remote.greet('Ada', '!')).toBe('hello Ada!');
    expect(await remote.greet('Ada', undefined)).toBe('hello Ada.');
    // Call options are told from arguments by position, not by shape.
    expect(await remote.greet('Ada', undefined, { signal: new AbortController().signal })).toBe('hello Ada.');
  });

  it('refuses a method the API does not list', async () => {
    const { server, client } = channel();
    expose({ add: (a: number, b: number) => a + b, secret: () => 'no' }, server, { add: 2 } as never);
    const remote = wrap<{ secret(): string }>(client, { secret: 0 });
    await expect(remote.secret()).rejects.toThrow(/unknown method secret/);
  });

  it('cancels a running call through its AbortSignal', async () => {
    const remote = serve();
    const ac = new AbortController();
    const p = remote.wait({ signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    const gone = new AbortController();
    gone.abort();
    await expect(remote.add(1, 1, { signal: gone.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('on abort either waits for the other side to stop, or settles at once when asked to', async () => {
    let stopped = 0;
    const remote = serve((ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => setTimeout(() => (stopped++, resolve('stopped')), 20))));
    const a = new AbortController();
    const waited = remote.wait({ signal: a.signal });
    a.abort();
    expect(await waited).toBe('stopped'); // the worker's own answer
    const b = new AbortController();
    const settled = remote.wait({ signal: b.signal, settleOnAbort: true });
    b.abort();
    await expect(settled).rejects.toMatchObject({ name: 'AbortError' });
    expect(stopped).toBe(1); // released before the worker finished stopping
    await expect.poll(() => stopped).toBe(2); // ...which it still does
  });

  it('moves buffers both ways instead of copying them when asked', async () => {
    const remote = serve();
    const sent = new Uint8Array([1, 2, 3]);
    const back = await remote.reverse(sent, { transfer: [sent.buffer] });
    expect(Array.from(back)).toEqual([3, 2, 1]);
    // Both sides' buffers were moved, so they are empty where they were sent from.
    expect(sent.byteLength).toBe(0);
    expect(kept?.byteLength).toBe(0);
  });

  it('fails every call in flight when told the other side died', async () => {
    const remote = serve();
    const pending = remote.forever();
    failAll(remote, new Error('the worker stopped'));
    await expect(pending).rejects.toThrow('the worker stopped');
    expect(await remote.add(1, 2)).toBe(3); // later calls still go through
  });
});
