import 'fake-indexeddb/auto';
import { loadAll, freshName, expectVectorsClose, makeBundle, keywordsLabelled as seg } from '../../testing/store-fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { isIngestError } from '../../core/errors';
import type { DocumentVectors } from '../../core/kb';
import { openKnowledgeBase, type KnowledgeBaseStore } from './knowledge-base';
import { failPutsWithQuota, type QuotaFailure } from '../../testing/store-quota';

let restore: (() => void) | undefined;
const open: KnowledgeBaseStore[] = [];
afterEach(() => {
  restore?.();
  restore = undefined;
  for (const store of open.splice(0)) store.close();
});

const estimator = { estimate: async () => ({ usage: 1_840_000_000, quota: 2_000_000_000 }) };

async function storeWithTwoDocuments(options: Parameters<typeof openKnowledgeBase>[0] = {}) {
  const store = await openKnowledgeBase({ name: freshName('quota'), storage: estimator, ...options });
  open.push(store);
  const earlier = [makeBundle('one', { addedAt: 1 }), makeBundle('two', { addedAt: 2 })];
  for (const b of earlier) await store.addDocuments([{ bundle: b, keywords: seg(`{"upTo":"${b.document.id}"}`) }]);
  return { store, earlier };
}

const isVectorsOf = (id: string) => (storeName: string, value: unknown) => storeName === 'vectorParts' && (value as DocumentVectors).docId === id;

describe.each<QuotaFailure>(['throw', 'request'])('quota exceeded (put %s)', (failure) => {
  it('reports quota with usage, keeps earlier documents, and leaves none of the failed one', async () => {
    const { store, earlier } = await storeWithTwoDocuments();
    restore = failPutsWithQuota(failure, isVectorsOf('three'));

    const error = await store.addDocuments([{ bundle: makeBundle('three', { addedAt: 3 }), keywords: seg('{"upTo":"three"}') }]).catch((e) => e);
    restore();
    expect(isIngestError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'quota', fileName: 'three.pdf' });
    expect(error.message).toBe('three.pdf: browser storage is full (used 1.8 GB of 2.0 GB); delete some documents or free disk space, then add the file again');

    const all = await loadAll(store);
    expect(all.documents).toEqual(earlier.map((b) => b.document));
    expect(all.chunks).toEqual(earlier.map((b) => b.chunks));
    all.vectors.forEach((v, i) => expectVectorsClose(v.data, earlier[i].vectors.data));
    expect([...all.keywords.keys()]).toEqual(earlier.map((b) => b.document.id));
    expect(await store.getText('three')).toBeUndefined();
    expect(await store.getFile('three')).toBeUndefined();
    expect(await store.getChunks('three')).toBeUndefined();
  });
});

describe('quota without a storage estimate', () => {
  it('still names the cause, without numbers', async () => {
    const { store } = await storeWithTwoDocuments({ storage: null });
    restore = failPutsWithQuota('request', isVectorsOf('three'));
    await expect(store.addDocuments([{ bundle: makeBundle('three'), keywords: seg('{}') }])).rejects.toMatchObject({
      code: 'quota',
      message: 'three.pdf: browser storage is full; delete some documents or free disk space, then add the file again',
    });
  });
});

describe('quota in the embedding cache', () => {
  it('empties the cache to make room instead of failing', async () => {
    const { store } = await storeWithTwoDocuments();
    await store.embeddingCache.put([['old', new Float32Array([1])]]);
    restore = failPutsWithQuota('request', (name) => name === 'embeddings');
    await expect(store.embeddingCache.put([['new', new Float32Array([2])]])).resolves.toBeUndefined();
    restore();
    expect(await store.embeddingCache.count()).toBe(0);
    expect((await store.listDocuments()).length).toBe(2);
  });
});

describe('quota when deleting', () => {
  it('keeps the document when the deletion cannot be written', async () => {
    const { store } = await storeWithTwoDocuments();
    restore = failPutsWithQuota('throw', (name) => name === 'meta');
    await expect(store.deleteDocument('two')).rejects.toMatchObject({ code: 'quota', fileName: 'two.pdf' });
    restore();
    expect((await store.listDocuments()).map((d) => d.id)).toEqual(['one', 'two']);
    expect(await store.getText('two')).toBeDefined();
  });
});
