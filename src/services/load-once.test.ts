import { describe, expect, it } from 'vitest';
import { LoadOnce } from './load-once';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LoadOnce', () => {
  it('loads once per settings, releases the old value on change, and retries after a failure', async () => {
    const loads: string[] = [];
    const released: string[] = [];
    let fail = false;
    const once = new LoadOnce(
      async (s: { id: string }) => {
        loads.push(s.id);
        if (fail) throw new Error('offline');
        return `model ${s.id}`;
      },
      (v) => released.push(v),
    );
    const use = async (id: string) => {
      const lease = once.acquire({ id });
      try {
        return await lease.value;
      } finally {
        lease.done();
      }
    };
    expect(await use('a')).toBe('model a');
    expect(await use('a')).toBe('model a');
    expect(loads).toEqual(['a']);
    expect(await use('b')).toBe('model b');
    await settle();
    expect(released).toEqual(['model a']);
    fail = true;
    await expect(use('c')).rejects.toThrow('offline');
    fail = false;
    expect(await use('c')).toBe('model c');
    expect(loads).toEqual(['a', 'b', 'c', 'c']);
  });

  it('keeps a superseded value until the last lease on it ends', async () => {
    const released: string[] = [];
    const once = new LoadOnce(
      async (s: { id: string }) => `model ${s.id}`,
      (v) => released.push(v),
    );
    const inUse = once.acquire({ id: 'a' });
    expect(await inUse.value).toBe('model a');
    const next = once.acquire({ id: 'b' });
    await next.value;
    await settle();
    expect(released).toEqual([]);
    inUse.done();
    inUse.done(); // a second done changes nothing
    await settle();
    expect(released).toEqual(['model a']);
    next.done();
    await settle();
    // The current value is kept for the next request, leased or not.
    expect(released).toEqual(['model a']);
  });
});
