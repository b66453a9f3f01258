import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { isIngestError } from '../../core/errors';
import { openKnowledgeBase, type KnowledgeBaseStore } from './knowledge-base';
import { freshName, makeBundle } from './testing/fixtures';

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
    await store.addDocument(late, '{"index":1}');
    await store.addDocument(early, '{"index":2}');

    expect((await store.listDocuments()).map((d) => d.id)).toEqual(['early', 'late']);
    const all = await store.loadAll();
    expect(all.documents).toEqual([early.document, late.document]);
    expect(all.chunks).toEqual([early.chunks, late.chunks]);
    expect(all.searchIndexJson).toBe('{"index":2}');
    expect(all.vectors.map((v) => v.docId)).toEqual(['early', 'late']);
    for (const [i, bundle] of [early, late].entries()) {
      const v = all.vectors[i];
      expect(v.data).toBeInstanceOf(Float32Array);
      expect(Array.from(v.data)).toEqual(Array.from(bundle.vectors.data));
      expect(v).toMatchObject({ dim: 8, embedderId: 'test-embedder' });
    }
  });

  it('serves text, file and chunks of one document on demand', async () => {
    const store = await kb();
    const bundle = makeBundle('doc', { chunks: 3 });
    await store.addDocument(bundle, '{}');

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

  it('has no search index before the first document', async () => {
    const store = await kb();
    expect(await store.loadAll()).toEqual({ documents: [], chunks: [], vectors: [] });
  });

  it('replaces a document added again under the same id', async () => {
    const store = await kb();
    await store.addDocument(makeBundle('doc', { chunks: 5 }), '{"v":1}');
    const again = makeBundle('doc', { chunks: 2 });
    await store.addDocument(again, '{"v":2}');
    const all = await store.loadAll();
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
    await store.addDocument(bundle, '{}');
    const [stored] = (await store.loadAll()).vectors;
    expect(stored.data.buffer.byteLength).toBe(8 * 4);
    expect(Array.from(stored.data)).toEqual(Array.from(batch.subarray(100, 108)));
  });

  it('refuses an inconsistent bundle and writes nothing', async () => {
    const store = await kb();
    const bundle = makeBundle('doc', { chunks: 3, dim: 4 });
    bundle.vectors.data = new Float32Array(5);
    await expect(store.addDocument(bundle, '{}')).rejects.toThrow(/vectors hold 5 floats/);
    expect(await store.listDocuments()).toEqual([]);
  });
});

describe('deleteDocument', () => {
  it('removes every record of that document only and writes the new index', async () => {
    const store = await kb();
    const keep = makeBundle('keep', { addedAt: 1 });
    await store.addDocument(keep, '{"docs":["keep"]}');
    await store.addDocument(makeBundle('drop', { addedAt: 2 }), '{"docs":["keep","drop"]}');
    await store.deleteDocument('drop', '{"docs":["keep"]}');

    const all = await store.loadAll();
    expect(all.documents).toEqual([keep.document]);
    expect(all.chunks).toEqual([keep.chunks]);
    expect(all.vectors.map((v) => v.docId)).toEqual(['keep']);
    expect(all.searchIndexJson).toBe('{"docs":["keep"]}');
    for (const get of [store.getText, store.getFile, store.getChunks]) expect(await get('drop')).toBeUndefined();
    expect(await store.getText('keep')).toEqual(keep.text);
    expect(await store.getFile('keep')).toBeDefined();
  });
});

describe('atomicity', () => {
  it('leaves no trace of a document whose write fails halfway, and keeps the others', async () => {
    const store = await kb();
    const first = makeBundle('first');
    await store.addDocument(first, '{"docs":1}');
    const broken = makeBundle('broken');
    // Functions cannot be cloned: the chunks put throws after documents and files were issued.
    (broken.chunks.chunks[1] as unknown as { extra: () => void }).extra = () => {};

    const error = await store.addDocument(broken, '{"docs":2}').catch((e) => e);
    expect(isIngestError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'storage', fileName: 'broken.pdf' });
    expect(error.message).toMatch(/^broken\.pdf: .*DataCloneError/);

    const all = await store.loadAll();
    expect(all.documents).toEqual([first.document]);
    expect(all.searchIndexJson).toBe('{"docs":1}');
    expect(await store.getFile('broken')).toBeUndefined();
    expect(await store.getText('broken')).toBeUndefined();
    // The store is still usable after the failure.
    await store.addDocument(makeBundle('after'), '{"docs":3}');
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
    await store.addDocument(makeBundle('a'), '{}');
    await store.putSettings({ x: 1 });
    await store.embeddingCache.put([['k', new Float32Array([1, 2])]]);
    const revision = await store.clear();
    // A new revision, so another tab's library sees that the documents changed.
    expect(await store.loadAll()).toEqual({ documents: [], chunks: [], vectors: [], revision });
    expect(await store.getSettings()).toBeUndefined();
    expect(await store.embeddingCache.get(['k'])).toEqual([undefined]);
    expect(await store.getFile('a')).toBeUndefined();
  });
});

describe('revision', () => {
  it('changes with every add, delete and clear; a rebuilt index is saved only at the revision it was built from', async () => {
    const store = await kb();
    expect(await store.revision()).toBeUndefined();
    const r1 = await store.addDocument(makeBundle('a'), '{"docs":["a"]}', 'a:3');
    expect(await store.revision()).toBe(r1);
    expect(await store.loadAll()).toMatchObject({ searchIndexJson: '{"docs":["a"]}', searchIndexStamp: 'a:3', revision: r1 });
    const r2 = await store.addDocument(makeBundle('b'), '{"docs":["a","b"]}', 'a:3\nb:3');
    expect(r2).not.toBe(r1);
    expect(await store.putSearchIndex('{"stale":true}', 'a:3', r1)).toBe(false);
    expect((await store.loadAll()).searchIndexJson).toBe('{"docs":["a","b"]}');
    expect(await store.putSearchIndex('{"rebuilt":true}', 'a:3\nb:3', r2)).toBe(true);
    expect(await store.loadAll()).toMatchObject({ searchIndexJson: '{"rebuilt":true}', searchIndexStamp: 'a:3\nb:3', revision: r2 });
    const r3 = await store.deleteDocument('a', '{"docs":["b"]}');
    expect(r3).not.toBe(r2);
    // Written without a stamp (as an older version would): none is left behind.
    expect((await store.loadAll()).searchIndexStamp).toBeUndefined();
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
    await store.addDocument(makeBundle('only-here'), '{}');
    expect((await (await kb(name)).listDocuments()).length).toBe(0);
    expect((await (await kb(name, { indexedDB: factory })).listDocuments()).map((d) => d.id)).toEqual(['only-here']);
  });
});
