import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isIngestError } from '../../core/errors';
import { storeOpener } from '../../testing/open-store';
import { expectVectorsClose, freshName, keywordsLabelled as seg, loadAll, makeBundle } from '../../testing/store-fixtures';

const kb = storeOpener();

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
});

describe('addDocument: parts, transactions, replacement and refusal', () => {
  // fake-indexeddb takes about a second for 4,500 chunks alone, several on a busy 2-core machine.
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
  }, 30_000);

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
