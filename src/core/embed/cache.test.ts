import { describe, expect, it } from 'vitest';
import type { Embedder } from './embedder';
import { withCache } from './cache';
import { embeddingCacheKey, hashText, splitCacheKey } from './cache-key';
import { MemoryEmbeddingCacheStore } from './cache-store';

/** Deterministic fake: vector = [length, first char code], records what it was asked. */
function fakeEmbedder(id = 'fake-2'): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    id,
    dim: 2,
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => Float32Array.from([t.length, t.charCodeAt(0) || 0]));
    },
  };
}

describe('hashText', () => {
  it('is 16 hex digits, deterministic, and spreads near-identical texts', () => {
    const h = hashText('Revenue grew 5%.');
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(hashText('Revenue grew 5%.')).toBe(h);
    const seen = new Set<string>();
    for (let i = 0; i < 20000; i++) seen.add(hashText(`sentence number ${i}`));
    seen.add(hashText('')).add(hashText(' ')).add(hashText('\u0000'));
    expect(seen.size).toBe(20003);
  });

  it('differs in both halves for a one-character change', () => {
    const a = hashText('The quick brown fox');
    const b = hashText('The quick brown fix');
    expect(a.slice(0, 8)).not.toBe(b.slice(0, 8));
    expect(a.slice(8)).not.toBe(b.slice(8));
  });
});

describe('cache keys', () => {
  it('separate embedders and split back apart', () => {
    const k = embeddingCacheKey('model:v1', 'hello');
    expect(k).not.toBe(embeddingCacheKey('model:v2', 'hello'));
    expect(splitCacheKey(k).embedderId).toBe('model:v1');
    expect(splitCacheKey(k).textKey).not.toContain(':');
  });
});

describe('MemoryEmbeddingCacheStore', () => {
  it('returns stored copies and undefined for misses', async () => {
    const store = new MemoryEmbeddingCacheStore();
    const v = Float32Array.from([1, 2]);
    await store.put([['k', v]]);
    v[0] = 99;
    const [hit, miss] = await store.get(['k', 'nope']);
    expect(Array.from(hit!)).toEqual([1, 2]);
    expect(miss).toBeUndefined();
  });

  it('drops the oldest entries beyond maxEntries', async () => {
    const store = new MemoryEmbeddingCacheStore(2);
    await store.put([
      ['a', new Float32Array(1)],
      ['b', new Float32Array(1)],
      ['c', new Float32Array(1)],
    ]);
    expect(store.size).toBe(2);
    expect((await store.get(['a', 'b', 'c'])).map((v) => v !== undefined)).toEqual([false, true, true]);
  });
});

describe('withCache', () => {
  it('embeds only misses, once per distinct text, and keeps order', async () => {
    const inner = fakeEmbedder();
    const cached = withCache(inner, new MemoryEmbeddingCacheStore());
    const first = await cached.embed(['aa', 'b', 'aa']);
    expect(inner.calls).toEqual([['aa', 'b']]);
    expect(first.map((v) => Array.from(v))).toEqual([
      [2, 97],
      [1, 98],
      [2, 97],
    ]);
    expect(cached.stats).toEqual({ hits: 0, misses: 3, embedded: 2 });

    const second = await cached.embed(['ccc', 'b', 'aa']);
    expect(inner.calls[1]).toEqual(['ccc']);
    expect(second.map((v) => Array.from(v))).toEqual([
      [3, 99],
      [1, 98],
      [2, 97],
    ]);
    expect(cached.stats).toEqual({ hits: 2, misses: 4, embedded: 3 });

    cached.resetStats();
    await cached.embed(['aa']);
    expect(cached.stats).toEqual({ hits: 1, misses: 0, embedded: 0 });
    expect(inner.calls).toHaveLength(2);
    expect(cached.id).toBe(inner.id);
    expect(cached.dim).toBe(2);
  });

  it('keeps embedders with different ids apart in a shared store', async () => {
    const store = new MemoryEmbeddingCacheStore();
    const a = fakeEmbedder('a');
    const b = fakeEmbedder('b');
    await withCache(a, store).embed(['x']);
    await withCache(b, store).embed(['x']);
    expect(b.calls).toEqual([['x']]);
  });

  it('treats a stored vector of the wrong size as a miss', async () => {
    const store = new MemoryEmbeddingCacheStore();
    const inner = fakeEmbedder();
    await store.put([[embeddingCacheKey(inner.id, 'x'), new Float32Array(7)]]);
    const [v] = await withCache(inner, store).embed(['x']);
    expect(v.length).toBe(2);
    expect(inner.calls).toEqual([['x']]);
  });

  it('does not call the embedder for an empty request', async () => {
    const inner = fakeEmbedder();
    expect(await withCache(inner, new MemoryEmbeddingCacheStore()).embed([])).toEqual([]);
    expect(inner.calls).toEqual([]);
  });

  it('still embeds when the cache cannot be read or written', async () => {
    const inner = fakeEmbedder();
    const broken = { get: async () => Promise.reject(new Error('disk full')), put: async () => Promise.reject(new Error('disk full')) };
    const out = await withCache(inner, broken).embed(['ab', 'c']);
    expect(out.map((v) => v[0])).toEqual([2, 1]);
    expect(inner.calls).toEqual([['ab', 'c']]);
  });
});

describe('withCache: calls sharing a text', () => {
  it('waits for a text another call is already embedding instead of embedding it again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = fakeEmbedder();
    const slow: Embedder = { ...inner, embed: async (texts) => (texts.includes('first') ? (await gate, inner.embed(texts)) : inner.embed(texts)) };
    const cached = withCache(slow, new MemoryEmbeddingCacheStore());
    const early = cached.embed(['first', 'shared']);
    await Promise.resolve();
    await Promise.resolve();
    const late = cached.embed(['shared', 'own']);
    await new Promise((r) => setTimeout(r, 0));
    release();
    const [a, b] = await Promise.all([early, late]);
    expect(inner.calls).toEqual([['own'], ['first', 'shared']]);
    expect(Array.from(b[0])).toEqual(Array.from(a[1]));
  });

  it('embeds a text itself when the call it was waiting for fails', async () => {
    let fail!: (e: Error) => void;
    const inner = fakeEmbedder();
    let first = true;
    const flaky: Embedder = {
      ...inner,
      embed: (texts) => (first ? ((first = false), new Promise((_, reject) => (fail = reject))) : inner.embed(texts)),
    };
    const cached = withCache(flaky, new MemoryEmbeddingCacheStore());
    const early = cached.embed(['x']);
    early.catch(() => undefined);
    await Promise.resolve();
    await Promise.resolve();
    const late = cached.embed(['x']);
    await new Promise((r) => setTimeout(r, 0));
    fail(new Error('worker stopped'));
    await expect(early).rejects.toThrow('worker stopped');
    expect((await late)[0][0]).toBe(1);
    expect(inner.calls).toEqual([['x']]);
  });

  it('stops waiting for the text of another call as soon as its own signal aborts', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = fakeEmbedder();
    const slow: Embedder = { ...inner, embed: async (texts) => (await gate, inner.embed(texts)) };
    const cached = withCache(slow, new MemoryEmbeddingCacheStore());
    const early = cached.embed(['shared']);
    await Promise.resolve();
    await Promise.resolve();
    const controller = new AbortController();
    const late = cached.embed(['shared'], controller.signal);
    await new Promise((r) => setTimeout(r, 0));
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(late).rejects.toThrow('Cancelled');
    // The first call is unaffected and the text was embedded once.
    release();
    expect(await early).toHaveLength(1);
    expect(inner.calls).toEqual([['shared']]);
  });
});

describe('withCache and cancelled work', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('deletes the entries written under a signal when it is aborted, and keeps the others', async () => {
    const store = new MemoryEmbeddingCacheStore();
    const cached = withCache(fakeEmbedder(), store);
    await cached.embed(['kept before']);
    await cached.embed(['kept without signal']);
    const ingest = new AbortController();
    await cached.embed(['cancelled one', 'kept before'], ingest.signal);
    await cached.embed(['cancelled two'], ingest.signal);
    const other = new AbortController();
    await cached.embed(['other ingest'], other.signal);
    expect(store.size).toBe(5);

    ingest.abort();
    await flush();
    const key = (t: string) => embeddingCacheKey('fake-2', t);
    const got = await store.get(['kept before', 'kept without signal', 'other ingest', 'cancelled one', 'cancelled two'].map(key));
    expect(got.map((v) => v !== undefined)).toEqual([true, true, true, false, false]);
  });

  it('deletes entries that land after the abort', async () => {
    const store = new MemoryEmbeddingCacheStore();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: Embedder = {
      id: 'slow',
      dim: 1,
      async embed(texts) {
        await gate;
        return texts.map(() => Float32Array.from([1]));
      },
    };
    const ingest = new AbortController();
    // The embedder ignores the signal: its work finishes into the cache after the abort.
    const work = withCache(slow, store).embed(['late'], ingest.signal);
    ingest.abort();
    release();
    await work;
    await flush();
    expect(store.size).toBe(0);
  });
});

describe('withCache: the ledger of an add', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const key = (t: string) => embeddingCacheKey('fake-2', t);

  it('names the entries an add found and wrote, and gives back only what it wrote when it fails', async () => {
    const store = new MemoryEmbeddingCacheStore();
    const cached = withCache(fakeEmbedder(), store);
    await cached.embed(['stored earlier']);
    const add = new AbortController().signal;
    await cached.embed(['stored earlier', 'new one'], add);
    await cached.embed(['new two', 'new one'], add);
    expect(cached.ledger.keysUsed(add).sort()).toEqual(['stored earlier', 'new one', 'new two'].map(key).sort());

    cached.ledger.discard(add);
    await flush();
    expect((await store.get(['stored earlier', 'new one', 'new two'].map(key))).map((v) => v !== undefined)).toEqual([true, false, false]);
    // Work of the failed add that lands later is given back too.
    await cached.embed(['late'], add);
    await flush();
    expect(store.size).toBe(1);
  });

  it('keeps what a stored add wrote once its account is closed, though its signal aborts later', async () => {
    const store = new MemoryEmbeddingCacheStore();
    const cached = withCache(fakeEmbedder(), store);
    const add = new AbortController();
    await cached.embed(['kept'], add.signal);
    cached.ledger.close(add.signal);
    expect(cached.ledger.keysUsed(add.signal)).toEqual([]);
    add.abort();
    await flush();
    expect(store.size).toBe(1);
  });
});
