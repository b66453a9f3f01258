import { describe, expect, it } from 'vitest';
import { expose } from './expose';
import { RpcClient } from './wrap';
import { transfer, type CallContext } from './protocol';

function pair() {
  const { port1, port2 } = new MessageChannel();
  port1.start();
  port2.start();
  return { server: port1 as unknown as Parameters<typeof expose>[1], client: port2 as unknown as ConstructorParameters<typeof RpcClient>[0], close: () => (port1.close(), port2.close()) };
}

describe('rpc', () => {
  it('returns results, streams progress, and carries error codes across', async () => {
    const { server, client, close } = pair();
    expose(
      {
        add: (a: number, b: number) => a + b,
        count: async (n: number, ctx: CallContext) => {
          for (let i = 1; i <= n; i++) ctx.progress(i);
          return 'done';
        },
        fail: () => {
          const e = new Error('report.pdf: it is encrypted') as Error & { code: string; fileName: string };
          e.name = 'IngestError';
          e.code = 'encrypted';
          e.fileName = 'report.pdf';
          throw e;
        },
      },
      server,
    );
    const rpc = new RpcClient(client);
    expect(await rpc.call('add', [2, 3])).toBe(5);
    const seen: number[] = [];
    expect(await rpc.call('count', [3], { onProgress: (v: number) => seen.push(v) })).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
    await expect(rpc.call('fail')).rejects.toMatchObject({ name: 'IngestError', code: 'encrypted', fileName: 'report.pdf' });
    await expect(rpc.call('nope')).rejects.toThrow(/unknown method nope/);
    close();
  });

  it('cancels a running call through its AbortSignal', async () => {
    const { server, client, close } = pair();
    expose(
      {
        wait: (ctx: CallContext) =>
          new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
      },
      server,
    );
    const rpc = new RpcClient(client);
    const ac = new AbortController();
    const p = rpc.call('wait', [], { signal: ac.signal });
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    close();
  });

  it('on abort either waits for the other side to stop, or settles at once when asked to', async () => {
    const { server, client, close } = pair();
    let stopped = 0;
    expose(
      {
        wait: (ctx: CallContext) =>
          new Promise((resolve) => ctx.signal.addEventListener('abort', () => setTimeout(() => (stopped++, resolve('stopped')), 20))),
      },
      server,
    );
    const rpc = new RpcClient(client);
    const a = new AbortController();
    const waited = rpc.call('wait', [], { signal: a.signal });
    a.abort();
    expect(await waited).toBe('stopped'); // the worker's own answer
    const b = new AbortController();
    const settled = rpc.call('wait', [], { signal: b.signal, settleOnAbort: true });
    b.abort();
    await expect(settled).rejects.toMatchObject({ name: 'AbortError' });
    expect(stopped).toBe(1); // released before the worker finished stopping
    await expect.poll(() => stopped).toBe(2); // ...which it still does
    close();
  });
  it('moves buffers both ways instead of copying them when asked', async () => {
    const { server, client, close } = pair();
    let kept: Uint8Array | undefined;
    expose(
      {
        reverse: (bytes: Uint8Array) => {
          kept = bytes.slice().reverse();
          return transfer(kept, [kept.buffer]);
        },
      },
      server,
    );
    const rpc = new RpcClient(client);
    const sent = new Uint8Array([1, 2, 3]);
    const back = await rpc.call<Uint8Array>('reverse', [sent], { transfer: [sent.buffer] });
    expect(Array.from(back)).toEqual([3, 2, 1]);
    // Both sides' buffers were moved, so they are empty where they were sent from.
    expect(sent.byteLength).toBe(0);
    expect(kept?.byteLength).toBe(0);
    close();
  });
});
