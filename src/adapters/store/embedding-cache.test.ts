import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheOwner, withCache, type Embedder } from '../../core/embed';
import { openKnowledgeBase, type KnowledgeBaseStore } from './knowledge-base';
import { freshName } from '../../testing/store-fixtures';

const open: KnowledgeBaseStore[] = [];
async function kb(name = freshName('cache')) {
  const store = await openKnowledgeBase({ name, storage: null });
  open.push(store);
  return store;
}
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

describe('embedding cache on IndexedDB', () => {
  it('answers in key order, undefined for keys never stored', async () => {
    const { embeddingCache } = await kb();
    await embeddingCache.put([
      ['m:a', new Float32Array([1, 2, 3])],
      ['m:b', new Float32Array([4, 5, 6])],
    ]);
    const got = await embeddingCache.get(['m:b', 'm:missing', 'm:a', 'm:b']);
    expect(got.map((v) => (v ? Array.from(v) : v))).toEqual([[4, 5, 6], undefined, [1, 2, 3], [4, 5, 6]]);
    expect(got[0]).toBeInstanceOf(Float32Array);
    expect(await embeddingCache.get([])).toEqual([]);
    await embeddingCache.put([]);
    expect(await embeddingCache.count()).toBe(2);
  });

  it('stores a view as its own rows only', async () => {
    const { embeddingCache } = await kb();
    const batch = Float32Array.from({ length: 12 }, (_, i) => i);
    await embeddingCache.put([['m:mid', batch.subarray(4, 8)]]);
    const [v] = await embeddingCache.get(['m:mid']);
    expect(Array.from(v!)).toEqual([4, 5, 6, 7]);
    expect(v!.buffer.byteLength).toBe(16);
  });

  it('deletes the given keys and ignores missing ones', async () => {
    const { embeddingCache } = await kb();
    await embeddingCache.put([
      ['m:a', new Float32Array([1])],
      ['m:b', new Float32Array([2])],
    ]);
    await embeddingCache.delete(['m:a', 'm:missing']);
    await embeddingCache.delete([]);
    expect((await embeddingCache.get(['m:a', 'm:b'])).map((v) => v !== undefined)).toEqual([false, true]);
  });
});

describe('embedding cache on IndexedDB: its journal', () => {
  it('sweeps what an add left when its page closed, once its journal is old, and nothing younger', async () => {
    const { embeddingCache } = await kb();
    await embeddingCache.put([
      ['m:a', new Float32Array([1])],
      ['m:b', new Float32Array([2])],
    ]);
    expect(await embeddingCache.sweepJournal({ maxAgeMs: 60_000 })).toBe(0); // young: maybe an add still running elsewhere
    expect(await embeddingCache.count()).toBe(2);
    expect(await embeddingCache.sweepJournal({ maxAgeMs: 60_000, now: Date.now() + 120_000 })).toBe(2);
    expect(await embeddingCache.count()).toBe(0);
    expect(await embeddingCache.sweepJournal({ maxAgeMs: 0, now: Date.now() + 120_000 })).toBe(0);
  });

  it('sweeps at once what adds no longer running wrote, whatever their age, and keeps what a running add wrote', async () => {
    const { embeddingCache } = await kb();
    const running = cacheOwner(new AbortController().signal);
    const closed = cacheOwner(new AbortController().signal);
    await embeddingCache.put([['m:running', new Float32Array([1])]], running);
    await embeddingCache.put([['m:closed', new Float32Array([2])]], closed);
    await embeddingCache.put([['m:closed2', new Float32Array([3])]], closed);
    expect(await embeddingCache.sweepJournal({ running: (owner) => owner === running })).toBe(2);
    expect((await embeddingCache.get(['m:running', 'm:closed', 'm:closed2'])).map((v) => v !== undefined)).toEqual([true, false, false]);
  });
});

describe('embedding cache on IndexedDB: across connections', () => {
  it('persists across connections and can be emptied', async () => {
    const name = freshName('cache');
    const first = await kb(name);
    await first.embeddingCache.put([['m:x', new Float32Array([9])]]);
    first.close();
    const second = await kb(name);
    expect(Array.from((await second.embeddingCache.get(['m:x']))[0]!)).toEqual([9]);
    await second.embeddingCache.clear();
    expect(await second.embeddingCache.count()).toBe(0);
  });

  it('lets a cached embedder skip texts it has embedded before, across connections', async () => {
    let calls = 0;
    const embedder: Embedder = {
      id: 'fake-2d',
      dim: 2,
      async embed(texts) {
        calls += texts.length;
        return texts.map((t) => new Float32Array([t.length, 1]));
      },
    };
    const name = freshName('cache');
    const first = await kb(name);
    await withCache(embedder, first.embeddingCache).embed(['alpha', 'be']);
    first.close();
    const cached = withCache(embedder, (await kb(name)).embeddingCache);
    const out = await cached.embed(['be', 'gamma', 'alpha']);
    expect(out.map((v) => Array.from(v))).toEqual([
      [2, 1],
      [5, 1],
      [5, 1],
    ]);
    expect(calls).toBe(3);
    expect(cached.stats).toMatchObject({ hits: 2, misses: 1, embedded: 1 });
  });
});

describe('embedding cache on IndexedDB: a failed add gives back its journal too', () => {
  it('forgets the journal of an owner whose entries were given back, so a later sweep spares entries written again', async () => {
    const { embeddingCache } = await kb();
    const failed = cacheOwner(new AbortController().signal);
    await embeddingCache.put([['m:a', new Float32Array([1])]], failed);
    await embeddingCache.release(failed);
    // The retry, another add still running, writes the same entry again.
    const retry = cacheOwner(new AbortController().signal);
    await embeddingCache.put([['m:a', new Float32Array([1])]], retry);
    expect(await embeddingCache.sweepJournal({ running: (owner) => owner === retry })).toBe(0);
    expect(await embeddingCache.count()).toBe(1);
  });
});
