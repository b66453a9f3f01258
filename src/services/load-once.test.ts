import { describe, expect, it } from 'vitest';
import { LoadOnce } from './load-once';

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
    expect(await once.get({ id: 'a' })).toBe('model a');
    expect(await once.get({ id: 'a' })).toBe('model a');
    expect(loads).toEqual(['a']);
    expect(await once.get({ id: 'b' })).toBe('model b');
    await Promise.resolve();
    expect(released).toEqual(['model a']);
    fail = true;
    await expect(once.get({ id: 'c' })).rejects.toThrow('offline');
    fail = false;
    expect(await once.get({ id: 'c' })).toBe('model c');
    expect(loads).toEqual(['a', 'b', 'c', 'c']);
  });
});
