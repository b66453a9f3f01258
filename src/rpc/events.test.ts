import { afterEach, describe, expect, it } from 'vitest';
import { expose } from './expose';
import { wrap } from './wrap';
import { emitter, listen } from './events';
import type { CallContext } from './protocol';

const open: MessagePort[] = [];
afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

interface Events {
  notice: string;
  changed: undefined;
}

describe('typed events and ports', () => {
  it('delivers events beside calls, without disturbing them', async () => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    const emit = emitter<Events>(port1);
    expose({ ping: () => (emit('notice', 'hi'), 'pong') }, port1, { ping: 0 });
    const seen: string[] = [];
    listen<Events>(port2, { notice: (text) => seen.push(text), changed: () => seen.push('changed') });
    const remote = wrap<{ ping(): string }>(port2, { ping: 0 });
    expect(await remote.ping()).toBe('pong');
    emit('changed');
    await expect.poll(() => seen).toEqual(['hi', 'changed']);
  });

  it('hands a port over as an argument, and serves another connection on it', async () => {
    const { port1, port2 } = new MessageChannel();
    const inner = new MessageChannel();
    open.push(port1, port2, inner.port1, inner.port2);
    const host = { twice: (n: number, _ctx: CallContext) => n * 2 };
    const api = { ...host, connect: (port: MessagePort) => expose(host, port, { twice: 1 }) };
    expose(api, port1, { twice: 1, connect: 1 });
    const remote = wrap<typeof api>(port2, { twice: 1, connect: 1 });
    await remote.connect(inner.port1, { transfer: [inner.port1] });
    expect(await wrap<typeof host>(inner.port2, { twice: 1 }).twice(21)).toBe(42);
  });

  it('keeps two clients on one port apart', async () => {
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    expose({ echo: (x: string) => x }, port1, { echo: 1 });
    const a = wrap<{ echo(x: string): string }>(port2, { echo: 1 });
    const b = wrap<{ echo(x: string): string }>(port2, { echo: 1 });
    expect(await Promise.all([a.echo('a'), b.echo('b'), a.echo('c')])).toEqual(['a', 'b', 'c']);
  });
});
