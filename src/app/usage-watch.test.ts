import { describe, expect, it } from 'vitest';
import { USAGE_POLL_MS, watchUsage, type UsageWatchEnv } from './usage-watch';
import { CACHE_CHANGED } from '../sw/messages';

/** A page whose events, visibility and timer the test drives. */
function fakePage() {
  const listeners = new Map<string, Set<(e: Event) => void>>();
  const target = (prefix: string) => ({
    addEventListener: (type: string, fn: (e: Event) => void) => void (listeners.get(prefix + type) ?? listeners.set(prefix + type, new Set()).get(prefix + type)!).add(fn),
    removeEventListener: (type: string, fn: (e: Event) => void) => void listeners.get(prefix + type)?.delete(fn),
  });
  const fire = (key: string, e: Event = new Event('x')) => listeners.get(key)?.forEach((fn) => fn(e));
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const state = { visibility: 'visible' as DocumentVisibilityState, used: 1_000_000 };
  const env = {
    document: {
      ...target('document:'),
      get visibilityState() {
        return state.visibility;
      },
    },
    window: target('window:'),
    serviceWorker: target('sw:'),
    setInterval: (fn: () => void, ms: number) => timers.push({ fn, ms, cleared: false }) - 1,
    clearInterval: (id: unknown) => void (timers[id as number].cleared = true),
    estimate: async () => state.used,
  } as unknown as UsageWatchEnv;
  return { env, fire, timers, state, listeners };
}

describe('watchUsage', () => {
  it('reads the figures again when the service worker changes a cache, the page comes into view, or the browser’s total moves while it is visible', async () => {
    const page = fakePage();
    let reads = 0;
    const stop = watchUsage(() => reads++, page.env);
    page.fire('sw:message', new MessageEvent('message', { data: { type: CACHE_CHANGED } }));
    expect(reads).toBe(1);
    page.fire('sw:message', new MessageEvent('message', { data: { type: 'SOMETHING_ELSE' } }));
    expect(reads).toBe(1);
    page.fire('document:visibilitychange');
    page.fire('window:focus');
    expect(reads).toBe(3);
    expect(page.timers[0].ms).toBe(USAGE_POLL_MS);
    const tick = async () => {
      page.timers[0].fn();
      await new Promise((r) => setTimeout(r, 0));
    };
    // The first tick after an event reads once more and notes the total; then unchanged (or by under 1%) it reads nothing, moved it reads the split.
    await tick();
    expect(reads).toBe(4);
    page.state.used += 5_000;
    await tick();
    expect(reads).toBe(4);
    page.state.used += 3_000_000;
    await tick();
    expect(reads).toBe(5);
    // Hidden: neither the poll nor becoming hidden reads them.
    page.state.visibility = 'hidden';
    page.state.used += 3_000_000;
    await tick();
    page.fire('document:visibilitychange');
    expect(reads).toBe(5);
    stop();
    expect(page.timers[0].cleared).toBe(true);
    expect([...page.listeners.values()].every((s) => s.size === 0)).toBe(true);
  });
});
