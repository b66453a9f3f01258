import 'fake-indexeddb/auto';
import { loadAll, expectVectorsClose, freshName, makeBundle, keywordsLabelled as seg } from '../../testing/store-fixtures';
import { describe, expect, it } from 'vitest';
import type { DocumentBundle, DocumentRecord } from '../../core/kb';
import { openKnowledgeBase } from './knowledge-base';
import { MIGRATIONS, type Migration } from './schema';

/** A test-only next version: a new store, a new index, and a rewrite of existing records. */
const next: Migration = async (db, tx) => {
  db.createObjectStore('notes', { keyPath: 'id' });
  const documents = tx.objectStore('documents');
  documents.createIndex('byAddedAt', 'addedAt');
  let cursor = await documents.openCursor();
  while (cursor) {
    await cursor.update({ ...cursor.value, tags: ['migrated'] });
    cursor = await cursor.continue();
  }
};

function inspect(name: string): Promise<{ version: number; stores: string[]; documentIndexes: string[] }> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction('documents', 'readonly');
      const result = {
        version: db.version,
        stores: Array.from(db.objectStoreNames).sort(),
        documentIndexes: Array.from(tx.objectStore('documents').indexNames),
      };
      db.close();
      resolve(result);
    };
  });
}

async function v2WithData(name: string) {
  const store = await openKnowledgeBase({ name, storage: null });
  const bundles = [makeBundle('a', { addedAt: 1, chunks: 3, dim: 6 }), makeBundle('b', { addedAt: 2, chunks: 1, dim: 6 })];
  for (const b of bundles) await store.addDocuments([{ bundle: b, keywords: seg('{"index":"v2"}') }]);
  await store.putSettings({ answerLength: 'short' });
  await store.embeddingCache.put([['m:key', new Float32Array([0.5, -0.5])]]);
  const before = await loadAll(store);
  store.close();
  return { bundles, before };
}

/** A database as version 1 left it: one record of chunks and of vectors per document, one whole-library search index. */
async function v1WithData(name: string, bundles: DocumentBundle[]) {
  const store = await openKnowledgeBase({ name, storage: null, migrations: MIGRATIONS.slice(0, 1) });
  store.close();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(['documents', 'files', 'texts', 'chunks', 'vectors', 'meta'], 'readwrite');
      for (const b of bundles) {
        tx.objectStore('documents').put(b.document);
        tx.objectStore('files').put(b.file);
        tx.objectStore('texts').put(b.text);
        tx.objectStore('chunks').put(b.chunks);
        tx.objectStore('vectors').put(b.vectors);
      }
      tx.objectStore('meta').put('{"whole":"library"}', 'searchIndex');
      tx.objectStore('meta').put('a:3', 'searchIndexStamp');
      tx.objectStore('meta').put({ answerLength: 'short' }, 'settings');
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

describe('schema migrations', () => {
  it('version 4 is the shipped schema', async () => {
    const name = freshName('mig');
    (await openKnowledgeBase({ name, storage: null })).close();
    expect(MIGRATIONS).toHaveLength(4);
    expect(await inspect(name)).toEqual({
      version: 4,
      stores: ['cacheKeys', 'chunkParts', 'documents', 'embeddings', 'files', 'keywords', 'meta', 'texts', 'vectorParts'],
      documentIndexes: [],
    });
  });

  it('upgrades version 1 to the latest: chunks and vectors split into parts, vectors quantized, the whole-library index dropped', async () => {
    const name = freshName('mig');
    const bundles = [makeBundle('a', { addedAt: 1, chunks: 4100, dim: 3 }), makeBundle('b', { addedAt: 2, chunks: 1, dim: 3 })];
    await v1WithData(name, bundles);
    const store = await openKnowledgeBase({ name, storage: null });
    const after = await loadAll(store);
    expect(after.documents).toEqual(bundles.map((b) => b.document));
    expect(after.chunks).toEqual(bundles.map((b) => b.chunks));
    after.vectors.forEach((v, i) => expectVectorsClose(v.data, bundles[i].vectors.data));
    // No segments yet: the library rebuilds each document's on first load.
    expect(after.keywords.size).toBe(0);
    expect({ ...(await store.getBundle('a')), vectors: undefined }).toEqual({ ...bundles[0], vectors: undefined });
    expect(await store.getSettings()).toEqual({ answerLength: 'short' });
    store.close();
    expect((await inspect(name)).stores).not.toContain('chunks');
  });

  it('upgrades to a further version and keeps every record', async () => {
    const name = freshName('mig');
    const { bundles, before } = await v2WithData(name);

    const store = await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, next] });
    const after = await loadAll(store);
    expect(after.documents).toEqual(before.documents.map((d) => ({ ...d, tags: ['migrated'] })));
    expect(after.chunks).toEqual(before.chunks);
    after.vectors.forEach((v, i) => expectVectorsClose(v.data, bundles[i].vectors.data));
    expect(after.keywords.get('a')).toEqual(seg('{"index":"v2"}'));
    expect(await store.getText('a')).toEqual(bundles[0].text);
    expect(await store.getSettings()).toEqual({ answerLength: 'short' });
    expect(Array.from((await store.embeddingCache.get(['m:key']))[0]!)).toEqual([0.5, -0.5]);
    store.close();

    expect(await inspect(name)).toMatchObject({ version: MIGRATIONS.length + 1, documentIndexes: ['byAddedAt'] });
    expect((await inspect(name)).stores).toContain('notes');
  });

  it('runs every migration in order on a new database', async () => {
    const name = freshName('mig');
    const store = await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, next] });
    await store.addDocuments([{ bundle: makeBundle('fresh'), keywords: seg('{}') }]);
    expect(((await store.listDocuments())[0] as DocumentRecord & { tags?: string[] }).tags).toBeUndefined();
    store.close();
    expect(await inspect(name)).toMatchObject({ version: MIGRATIONS.length + 1, documentIndexes: ['byAddedAt'] });
  });

  it('leaves the database at its old version, data intact, when a migration fails', async () => {
    const name = freshName('mig');
    const { before } = await v2WithData(name);
    const broken: Migration = async (db, tx) => {
      db.createObjectStore('half-done');
      await tx.objectStore('documents').count();
      throw new Error('cannot convert');
    };

    await expect(openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, broken] })).rejects.toMatchObject({
      code: 'storage',
      message: expect.stringContaining('cannot convert'),
    });
    const inspected = await inspect(name);
    expect(inspected.version).toBe(MIGRATIONS.length);
    expect(inspected.stores).not.toContain('half-done');
    const store = await openKnowledgeBase({ name, storage: null });
    expect(await loadAll(store)).toEqual(before);
    store.close();
  });
});
