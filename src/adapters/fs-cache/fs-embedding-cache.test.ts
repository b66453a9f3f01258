import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddingCacheKey, withCache, type Embedder } from '../../core/embed';
import { FsEmbeddingCacheStore } from './fs-embedding-cache';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sieve-fs-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const vec = (...xs: number[]) => Float32Array.from(xs);

describe('FsEmbeddingCacheStore', () => {
  it('returns what was put, in key order, after reopening', async () => {
    const a = embeddingCacheKey('m:1', 'alpha');
    const b = embeddingCacheKey('m:1', 'beta');
    const c = embeddingCacheKey('other', 'alpha');
    const store = new FsEmbeddingCacheStore(dir);
    await store.put([
      [a, vec(1, 2, 3)],
      [b, vec(4, 5, 6)],
    ]);
    await store.put([[c, vec(7, 8)]]);
    expect((await store.get([b, a])).map((v) => v && Array.from(v))).toEqual([
      [4, 5, 6],
      [1, 2, 3],
    ]);
    await store.close();

    const reopened = new FsEmbeddingCacheStore(dir);
    const got = await reopened.get([c, 'm:1:missing', a, b, a]);
    expect(got.map((v) => v && Array.from(v))).toEqual([[7, 8], undefined, [1, 2, 3], [4, 5, 6], [1, 2, 3]]);
    await reopened.close();
    expect((await readdir(dir)).length).toBe(4); // .vec and .idx for each embedder id
  });

  it('does not store a key twice', async () => {
    const key = embeddingCacheKey('m', 'x');
    const store = new FsEmbeddingCacheStore(dir);
    await store.put([[key, vec(1)]]);
    await store.put([[key, vec(2)]]);
    expect(Array.from((await store.get([key]))[0]!)).toEqual([1]);
    await store.close();
  });

  it('ignores a partly written index line left by a crash', async () => {
    const key = embeddingCacheKey('m', 'x');
    const store = new FsEmbeddingCacheStore(dir);
    await store.put([[key, vec(1, 2)]]);
    await store.close();
    const idx = (await readdir(dir)).find((f) => f.endsWith('.idx'))!;
    await appendFile(join(dir, idx), 'garbage\t99');

    const reopened = new FsEmbeddingCacheStore(dir);
    const other = embeddingCacheKey('m', 'y');
    await reopened.put([[other, vec(3, 4)]]);
    await reopened.close();
    const third = new FsEmbeddingCacheStore(dir);
    expect((await third.get([key, other])).map((v) => v && Array.from(v))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await third.close();
  });

  it('lets a second run skip the model entirely', async () => {
    let embedded = 0;
    const model: Embedder = {
      id: 'fake',
      dim: 2,
      async embed(texts) {
        embedded += texts.length;
        return texts.map((t) => vec(t.length, 1));
      },
    };
    const texts = Array.from({ length: 50 }, (_, i) => `sentence ${i}`);
    const first = new FsEmbeddingCacheStore(dir);
    const run1 = await withCache(model, first).embed(texts);
    await first.close();
    const second = new FsEmbeddingCacheStore(dir);
    const cached = withCache(model, second);
    const run2 = await cached.embed(texts);
    await second.close();
    expect(embedded).toBe(50);
    expect(cached.stats.hits).toBe(50);
    expect(run2).toEqual(run1);
  });
});
