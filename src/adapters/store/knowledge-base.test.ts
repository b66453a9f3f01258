import 'fake-indexeddb/auto';
import { loadAll } from '../../testing/store-fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { isIngestError } from '../../core/errors';
import { openKnowledgeBase, type KnowledgeBaseStore } from './knowledge-base';
import { expectVectorsClose, freshName, makeBundle } from '../../testing/store-fixtures';
import { keywordsLabelled as seg } from '../../testing/store-fixtures';

const open: KnowledgeBaseStore[] = [];
async function kb(name = freshName(), options: Parameters<typeof openKnowledgeBase>[0] = {}) {
  const store = await openKnowledgeBase({ name, storage: null, ...options });
  open.push(store);
  return store;
}
afterEach(() => {
  for (const store of open.splice(0)) store.close();
});

describe('addDocument / loadAll round trip', () => {
  it('returns every record as written, typed arrays intact, oldest document first', async () => {
    const store = await kb();
    const late = makeBundle('late', { chunks: 4, dim: 8, addedAt: 2000 });
    const early = makeBundle('early', { chunks: 2, dim: 8, addedAt: 1000 });
    await store.addDocuments([{ bundle: late, keywords: seg('{"index":1}') }]);
    await store.addDocuments([{ bundle: early, keywords: seg('{"index":2}') }]);

    expect((await store.listDocuments()).map((d) => d.id)).toEqual(['early', 'late']);
    const all = await loadAll(store);
    expect(all.documents).toEqual([early.document, late.document]);
    expect(all.chunks).toEqual([early.chunks, late.chunks]);
    expect(all.keywords).toEqual(
      new Map([
        ['late', seg('{"index":1}')],
        ['early', seg('{"index":2}')],
      ]),
    );
    expect(all.vectors.map((v) => v.docId)).toEqual(['early', 'late']);
    for (const [i, bundle] of [early, late].entries()) {
      const v = all.vectors[i];
      expect(v.data).toBeInstanceOf(Float32Array);
      expectVectorsClose(v.data, bundle.vectors.data);
      expect(v).toMatchObject({ dim: 8, embedderId: 'test-embedder' });
    }
  });

  it('serves text, file and chunks of one document on demand', async () => {
    const store = await kb();
    const bundle = makeBundle('doc', { chunks: 3 });
    await store.addDocuments([{ bundle: bundle, keywords: seg('{}') }]);

    const text = await store.getText('doc');
    expect(text).toEqual(bundle.text);
    expect(text!.neighbourSims).toBeInstanceOf(Float32Array);
    expect(text!.neighbourSims.length).toBe(bundle.text.sentences.length - 1);
    const file = await store.getFile('doc');
    expect(file!.bytes).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(file!.bytes)).toBe('%PDF-fake doc');
    expect(await store.getChunks('doc')).toEqual(bundle.chunks);
    expect(await store.getText('missing')).toBeUndefined();
  });

  it('has nothing before the first document', async () => {
    const store = await kb();
    expect(await loadAll(store)).toEqual({ documents: [], chunks: [], vectors: [], keywords: new Map() });
  });

  it('splits a long document into bounded parts and joins them back in order', async () => {
    const name = freshName();
    const store = await kb(name);
    const long = makeBundle('long', { chunks: 4500, dim: 4 });
    await store.addDocuments([{ bundle: long, keywords: seg('{}') }]);
    const all = await loadAll(store);
    expect(all.chunks[0].chunks.map((c) => c.id)).toEqual(long.chunks.chunks.map((c) => c.id));
    expectVectorsClose(all.vectors[0].data, long.vectors.data);
    const back = (await store.getBundle('long'))!;
    expect({ ...back, vectors: undefined }).toEqual({ ...long, vectors: undefined });
    expectVectorsClose(back.vectors.data, long.vectors.data);
    // Three parts of at most 2,000 chunks; a shorter replacement leaves none of the old parts behind.
    const parts = await new Promise<number>((resolve) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => {
        const count = r.result.transaction('chunkParts').objectStore('chunkParts').count();
        count.onsuccess = () => {
          resolve(count.result);
          r.result.close();
        };
      };
    });
    expect(parts).toBe(3);
    await store.addDocuments([{ bundle: makeBundle('long', { chunks: 2, dim: 4 }), keywords: seg('{}') }]);
    expect((await store.getChunks('long'))!.chunks).toHaveLength(2);
    expect((await store.getVectors('long'))!.data).toHaveLength(8);
  });

  it('writes several documents in one transaction, all or nothing', async () => {
    const store = await kb();
    const broken = makeBundle('broken');
    (broken.chunks.chunks[0] as unknown as { extra: () => void }).extra = () => {};
    await expect(
      store.addDocuments([
        { bundle: makeBundle('ok'), keywords: seg('{}') },
        { bundle: broken, keywords: seg('{}') },
      ]),
    ).rejects.toThrow(/DataCloneError/);
    expect(await store.listDocuments()).toEqual([]);
    await store.addDocuments([
      { bundle: makeBundle('x', { addedAt: 1 }), keywords: seg('"x"') },
      { bundle: makeBundle('y', { addedAt: 2 }), keywords: seg('"y"') },
    ]);
    expect((await store.listDocuments()).map((d) => d.id)).toEqual(['x', 'y']);
  });

  it('replaces a document added again under the same id', async () => {
    const store = await kb();
    await store.addDocuments([{ bundle: makeBundle('doc', { chunks: 5 }), keywords: seg('{"v":1}') }]);
    const again = makeBundle('doc', { chunks: 2 });
    await store.addDocuments([{ bundle: again, keywords: seg('{"v":2}') }]);
    const all = await loadAll(store);
    expect(all.documents).toEqual([again.document]);
    expect(all.chunks[0].chunks).toHaveLength(2);
    expect(all.vectors[0].data).toHaveLength(2 * 4);
  });

  it('stores only the rows of a vector view, not the buffer it points into', async () => {
    const store = await kb();
    const bundle = makeBundle('doc', { chunks: 2, dim: 4 });
    const batch = new Float32Array(1000);
    batch.set(bundle.vectors.data, 100);
    bundle.vectors.data = batch.subarray(100, 108);
    await store.addDocuments([{ bundle: bundle, keywords: seg('{}') }]);
    const [stored] = (await loadAll(store)).vectors;
    expect(stored.data.buffer.byteLength).toBe(8 * 4);
    expectVectorsClose(stored.data, batch.subarray(100, 108));
  });

  it('refuses an inconsistent bundle and writes nothing', async () => {
    const store = await kb();
    const bundle = makeBundle('doc', { chunks: 3, dim: 4 });
    bundle.vectors.data = new Float32Array(5);
    await expect(store.addDocuments([{ bundle: bundle, keywords: seg('{}') }])).rejects.toThrow(/vectors hold 5 floats/);
    expect(await store.listDocuments()).toEqual([]);
  });
});

describe('deleteDocument', () => {
  it('removes every record of that document only', async () => {
    const store = await kb();
    const keep = makeBundle('keep', { addedAt: 1 });
    await store.addDocuments([{ bundle: keep, keywords: seg('{"docs":["keep"]}') }]);
    await store.addDocuments([{ bundle: makeBundle('drop', { addedAt: 2, chunks: 2500 }), keywords: seg('{"docs":["drop"]}') }]);
    await store.deleteDocument('drop');

    const all = await loadAll(store);
    expect(all.documents).toEqual([keep.document]);
    expect(all.chunks).toEqual([keep.chunks]);
    expect(all.vectors.map((v) => v.docId)).toEqual(['keep']);
    expect(all.keywords).toEqual(new Map([['keep', seg('{"docs":["keep"]}')]]));
    for (const get of [store.getText, store.getFile, store.getChunks, store.getVectors, store.getBundle]) expect(await get('drop')).toBeUndefined();
    expect(await store.getText('keep')).toEqual(keep.text);
    expect(await store.getFile('keep')).toBeDefined();
  });
});

describe('atomicity', () => {
  it('leaves no trace of a document whose write fails halfway, and keeps the others', async () => {
    const store = await kb();
    const first = makeBundle('first');
    await store.addDocuments([{ bundle: first, keywords: seg('{"docs":1}') }]);
    const broken = makeBundle('broken');
    // Functions cannot be cloned: the chunks put throws after documents and files were issued.
    (broken.chunks.chunks[1] as unknown as { extra: () => void }).extra = () => {};

    const error = await store.addDocuments([{ bundle: broken, keywords: seg('{"docs":2}') }]).catch((e) => e);
    expect(isIngestError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'storage', fileName: 'broken.pdf' });
    expect(error.message).toMatch(/^broken\.pdf: .*DataCloneError/);

    const all = await loadAll(store);
    expect(all.documents).toEqual([first.document]);
    expect(all.keywords).toEqual(new Map([['first', seg('{"docs":1}')]]));
    expect(await store.getFile('broken')).toBeUndefined();
    expect(await store.getText('broken')).toBeUndefined();
    // The store is still usable after the failure.
    await store.addDocuments([{ bundle: makeBundle('after'), keywords: seg('{"docs":3}') }]);
    expect((await store.listDocuments()).map((d) => d.id)).toContain('after');
  });
});

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
