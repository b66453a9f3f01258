import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../adapters/store';
import { cacheOwner } from '../core/embed';
import { failPutsWithQuota } from '../testing/store-quota';
import { FakeEmbedder } from '../testing/fake-embedder';
import { Library } from './library';
import { FERRY, NOTES, file, freshName, libraryWith, parse, setup } from '../testing/library-fixtures';

describe('Library: embedding-cache entries are given back', () => {
  const signal = () => new AbortController().signal;

  it('keeps those of stored documents and sweeps those an interrupted add left, though another file was stored after it', async () => {
    const { library, store } = await setup();
    await library.ingest(file('notes.md', NOTES), () => {}, signal());
    const cached = await store.embeddingCache.count();
    expect(cached).toBeGreaterThan(0);
    // A stored document clears its own journal: nothing of it is swept, however late.
    expect(await store.embeddingCache.sweepJournal({ maxAgeMs: 0, now: Date.now() + 1 })).toBe(0);
    // An add whose page closed wrote entries and never stored its document…
    await store.embeddingCache.put([['orphan:1', new Float32Array([1, 2])]], cacheOwner(signal()));
    // …and another file is stored after it: the orphan's journal stays.
    await library.ingest(file('ferry.md', FERRY), () => {}, signal());
    const withFerry = await store.embeddingCache.count();
    expect(await store.embeddingCache.sweepJournal({ running: () => false })).toBe(1);
    expect(await store.embeddingCache.count()).toBe(withFerry - 1);
  });

  it('gives back what a failed add wrote, so that nothing of it stays', async () => {
    const { library, store } = await setup();
    await library.ingest(file('ferry.md', FERRY), () => {}, signal());
    const before = await store.embeddingCache.count();
    const addDocuments = store.addDocuments;
    store.addDocuments = async () => {
      throw new Error('the disk went away');
    };
    try {
      await expect(library.ingest(file('notes.md', NOTES), () => {}, signal())).rejects.toThrow(/disk went away/);
    } finally {
      store.addDocuments = addDocuments;
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.embeddingCache.count()).toBe(before);
    // The retry embeds again and is stored.
    await library.ingest(file('notes.md', NOTES), () => {}, signal());
    expect(await store.embeddingCache.count()).toBeGreaterThan(before);
  });

  it('deletes with a document the entries only it used, and every entry with the last document', async () => {
    const { library, store } = await setup();
    const ferry = (await library.ingest(file('ferry.md', FERRY), () => {}, signal())).document;
    const withFerry = await store.embeddingCache.count();
    const notes = (await library.ingest(file('notes.md', NOTES), () => {}, signal())).document;
    expect(await store.embeddingCache.count()).toBeGreaterThan(withFerry);
    await library.deleteDocument(notes.id);
    expect(await store.embeddingCache.count()).toBe(withFerry);
    await library.deleteDocument(ferry.id);
    expect(await store.embeddingCache.count()).toBe(0);
  });

  it('keeps the entries two documents share until both are deleted', async () => {
    const { library, store } = await setup();
    const first = (await library.ingest(file('notes.md', NOTES), () => {}, signal())).document;
    const shared = await store.embeddingCache.count();
    // The same text under another name uses the same entries.
    const copy = (await library.ingest(file('notes copy.md', NOTES), () => {}, signal())).document;
    expect(await store.embeddingCache.count()).toBe(shared);
    await library.ingest(file('ferry.md', FERRY), () => {}, signal());
    const all = await store.embeddingCache.count();
    await library.deleteDocument(first.id);
    expect(await store.embeddingCache.count()).toBe(all);
    await library.deleteDocument(copy.id);
    expect(await store.embeddingCache.count()).toBe(all - shared);
  });
});

/** Adds notes.md, and restores the store's writes whatever happens. */
async function ingestThen(library: Library, restore: () => void) {
  try {
    await library.ingest(file('notes.md', NOTES), () => {}, new AbortController().signal);
  } finally {
    restore();
  }
}

describe('Library: model files give way to the library', () => {
  it('frees the cache and model files when a document does not fit, and stores it then', async () => {
    let restore = () => {};
    const freed: number[] = [];
    const cachedFiles = {
      usage: async () => ({ modelBytes: 5e6, appBytes: 1e6 }),
      // Room is made: the store takes the document again.
      freeModels: async () => (restore(), freed.push(5e6), 5e6),
      freeRuntime: async () => (freed.push(-1), 0),
    };
    const { library, store } = await libraryWith({ cachedFiles });
    restore = failPutsWithQuota('request', (storeName) => storeName === 'chunkParts');
    await ingestThen(library, restore);
    // The runtime files were not needed.
    expect(freed).toEqual([5e6]);
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['notes.md']);
  });

  it('frees the runtime files last, when the cache and model files were not room enough', async () => {
    let restore = () => {};
    const steps: string[] = [];
    const cachedFiles = {
      usage: async () => ({ modelBytes: 1e6, appBytes: 30e6 }),
      freeModels: async () => (steps.push('models'), 1e6),
      // Only this makes room.
      freeRuntime: async () => (steps.push('runtime'), restore(), 30e6),
    };
    const { library, store } = await libraryWith({ cachedFiles });
    restore = failPutsWithQuota('request', (storeName) => storeName === 'chunkParts');
    await ingestThen(library, restore);
    expect(steps).toEqual(['models', 'runtime']);
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['notes.md']);
  });

  it('still says the storage is full when there is nothing to free', async () => {
    const cachedFiles = { usage: async () => ({ modelBytes: 0, appBytes: 0 }), freeModels: async () => 0, freeRuntime: async () => 0 };
    const { library, store } = await libraryWith({ cachedFiles });
    const restore = failPutsWithQuota('request', (storeName) => storeName === 'chunkParts' || storeName === 'embeddings');
    try {
      await expect(library.ingest(file('notes.md', NOTES), () => {}, new AbortController().signal)).rejects.toMatchObject({ code: 'quota' });
    } finally {
      restore();
    }
    expect(await store.listDocuments()).toEqual([]);
  });
});

describe('Library: what the storage is used for, and room made only when it helps', () => {
  it('reports the library, the embedding cache and the cached files apart', async () => {
    const cachedFiles = { usage: async () => ({ modelBytes: 5e6, appBytes: 1e6 }), freeModels: async () => 0, freeRuntime: async () => 0 };
    const estimator = { estimate: async () => ({ usage: 9e6, quota: 1e9, usageDetails: { indexedDB: 3e6, caches: 6e6 } }) };
    const store = await openKnowledgeBase({ name: freshName(), storage: estimator });
    const library = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder(), cachedFiles });
    await library.open();
    await library.ingest(file('notes.md', NOTES), () => {}, new AbortController().signal);
    const usage = (await library.usage())!;
    expect(usage.embeddingCacheBytes).toBeGreaterThan(0);
    expect(usage.libraryBytes).toBe(3e6 - usage.embeddingCacheBytes!);
    expect(usage).toMatchObject({ modelFilesBytes: 5e6, appFilesBytes: 1e6, usedBytes: 9e6 });
  });

  it('frees nothing for a document that would not fit even then, and only what would make it fit otherwise', async () => {
    const estimator = { estimate: async () => ({ usage: 1e9 - 1000, quota: 1e9 }) };
    const run = async (modelBytes: number, appBytes: number) => {
      const steps: string[] = [];
      const cachedFiles = {
        usage: async () => ({ modelBytes, appBytes }),
        freeModels: async () => (steps.push('models'), modelBytes),
        freeRuntime: async () => (steps.push('runtime'), 5e6),
      };
      const store = await openKnowledgeBase({ name: freshName(), storage: estimator });
      const library = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder(), cachedFiles });
      await library.open();
      // The estimator never changes: the file is refused either way, after whatever was freed.
      await expect(library.ingest(file('notes.md', NOTES), () => {}, new AbortController().signal)).rejects.toMatchObject({ code: 'quota' });
      return steps;
    };
    // Model and runtime files of a few bytes would not make room: none is deleted.
    expect(await run(10, 20)).toEqual([]);
    // The model files would: they go, and the runtime files stay.
    expect(await run(50e6, 5e6)).toEqual(['models']);
  });
});
