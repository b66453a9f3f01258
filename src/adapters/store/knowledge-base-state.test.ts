import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { storeOpener } from '../../testing/open-store';
import { freshName, keywordsLabelled as seg, loadAll, makeBundle } from '../../testing/store-fixtures';

const kb = storeOpener();

describe('settings', () => {
  it('is undefined until written, then returns the latest value', async () => {
    const store = await kb();
    expect(await store.getSettings()).toBeUndefined();
    await store.putSettings({ topK: 5, chunker: { kind: 'fixed', size: 400, overlap: 50 } });
    await store.putSettings({ topK: 8 });
    expect(await store.getSettings<{ topK: number }>()).toEqual({ topK: 8 });
  });

  it('survives closing and reopening the database', async () => {
    const name = freshName();
    const first = await kb(name);
    await first.putSettings({ theme: 'dark' });
    first.close();
    const second = await kb(name);
    expect(await second.getSettings()).toEqual({ theme: 'dark' });
  });
});

describe('clear', () => {
  it('deletes documents, index, settings and cached embeddings', async () => {
    const store = await kb();
    await store.addDocuments([{ bundle: makeBundle('a'), keywords: seg('{}') }]);
    await store.putSettings({ x: 1 });
    await store.embeddingCache.put([['k', new Float32Array([1, 2])]]);
    const revision = await store.clear();
    // A new revision, so another tab's library sees that the documents changed.
    expect(await loadAll(store)).toEqual({ documents: [], chunks: [], vectors: [], keywords: new Map(), revision });
    expect(await store.getSettings()).toBeUndefined();
    expect(await store.embeddingCache.get(['k'])).toEqual([undefined]);
    expect(await store.getFile('a')).toBeUndefined();
  });
});

describe('revision', () => {
  it('changes with every add, delete and clear; a rebuilt keyword segment is saved only at the revision it was built from', async () => {
    const store = await kb();
    expect(await store.revision()).toBeUndefined();
    const r1 = await store.addDocuments([{ bundle: makeBundle('a'), keywords: seg('"a1"') }]);
    expect(await store.revision()).toBe(r1);
    const r2 = await store.addDocuments([{ bundle: makeBundle('b'), keywords: seg('"b1"') }]);
    expect(r2).not.toBe(r1);
    expect(await store.putKeywords('a', seg('"stale"'), r1)).toBe(false);
    expect((await loadAll(store)).keywords.get('a')).toEqual(seg('"a1"'));
    expect(await store.putKeywords('a', seg('"rebuilt"'), r2)).toBe(true);
    expect(await loadAll(store)).toMatchObject({
      keywords: new Map([
        ['a', seg('"rebuilt"')],
        ['b', seg('"b1"')],
      ]),
      revision: r2,
    });
    // Never for a document that is gone.
    expect(await store.putKeywords('zzz', seg('"x"'), r2)).toBe(false);
    const r3 = await store.deleteDocument('a');
    expect(r3).not.toBe(r2);
    expect((await loadAll(store)).keywords.has('a')).toBe(false);
  });
});

describe('usage', () => {
  it('reports the estimate of the injected storage', async () => {
    const store = await kb(freshName(), { storage: { estimate: async () => ({ usage: 1234, quota: 5678 }) } });
    expect(await store.usage()).toEqual({ usedBytes: 1234, quotaBytes: 5678 });
  });

  it('is undefined without storage estimates or when the estimate fails', async () => {
    expect(await (await kb()).usage()).toBeUndefined();
    const failing = await kb(freshName(), { storage: { estimate: () => Promise.reject(new Error('denied')) } });
    expect(await failing.usage()).toBeUndefined();
  });
});

describe('injected factory', () => {
  it('keeps data in the factory it was given', async () => {
    const factory = new IDBFactory();
    const name = freshName();
    const store = await kb(name, { indexedDB: factory });
    await store.addDocuments([{ bundle: makeBundle('only-here'), keywords: seg('{}') }]);
    expect((await (await kb(name)).listDocuments()).length).toBe(0);
    expect((await (await kb(name, { indexedDB: factory })).listDocuments()).map((d) => d.id)).toEqual(['only-here']);
  });
});

describe('loadCatalog / loadVectors (opening in two steps)', () => {
  it('reads everything but the vectors, then the vectors in batches, at the same revision as loadIndex', async () => {
    const store = await kb();
    const bundles = ['c', 'a', 'b', 'd', 'e'].map((id, i) => makeBundle(id, { chunks: 3 + i, dim: 8, addedAt: 1000 - i }));
    let revision = '';
    for (const bundle of bundles) revision = await store.addDocuments([{ bundle, keywords: seg(`{"doc":"${bundle.document.id}"}`) }]);
    const index = await store.loadIndex();

    const catalog = await store.loadCatalog();
    expect(catalog.documents).toEqual(index.documents);
    expect(catalog.keywords).toEqual(index.keywords);
    expect(catalog.withChunks).toEqual(index.withChunks);
    expect(catalog.withVectors).toEqual(new Set(bundles.map((b) => b.document.id)));
    expect(catalog.revision).toBe(revision);

    const batches: string[][] = [];
    const loaded = await store.loadVectors({ batch: 2, onBatch: (v) => batches.push(v.map((x) => x.docId)) });
    expect(loaded.revision).toBe(revision);
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    const byId = new Map(loaded.vectors.map((v) => [v.docId, v]));
    for (const v of index.vectors) expect(byId.get(v.docId)).toEqual(v);

    // A write between two batches is reported rather than mixed in silently.
    let wrote = false;
    const mixed = await store.loadVectors({
      batch: 2,
      onBatch: () => {
        if (!wrote) void store.deleteDocument('d');
        wrote = true;
      },
    });
    expect(mixed.changed).toBe(true);
    expect(mixed.revision).toBeUndefined();
    expect(mixed.vectors.map((v) => v.docId)).toEqual(['a', 'b', 'c', 'e']);

    const some = await store.loadVectors({ ids: ['e', 'b'], batch: 1 });
    expect(some.vectors.map((v) => v.docId)).toEqual(['b', 'e']);
    expect(some.vectors[0]).toEqual(index.vectors.find((v) => v.docId === 'b'));
  });

  it('has nothing before the first document', async () => {
    const store = await kb();
    expect(await store.loadCatalog()).toEqual({ documents: [], keywords: new Map(), withChunks: new Set(), withVectors: new Set() });
    expect(await store.loadVectors()).toEqual({ vectors: [] });
  });
});
