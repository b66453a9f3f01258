import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../core/kb/records';
import { openKnowledgeBase } from './knowledge-base';
import { MIGRATIONS, type Migration } from './schema';
import { freshName, makeBundle } from './testing/fixtures';

/** A test-only version 2: a new store, a new index, and a rewrite of existing records. */
const v2: Migration = async (db, tx) => {
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

async function v1WithData(name: string) {
  const store = await openKnowledgeBase({ name, storage: null });
  const bundles = [makeBundle('a', { addedAt: 1, chunks: 3, dim: 6 }), makeBundle('b', { addedAt: 2, chunks: 1, dim: 6 })];
  for (const b of bundles) await store.addDocument(b, '{"index":"v1"}');
  await store.putSettings({ answerLength: 'short' });
  await store.embeddingCache.put([['m:key', new Float32Array([0.5, -0.5])]]);
  const before = await store.loadAll();
  store.close();
  return { bundles, before };
}

describe('schema migrations', () => {
  it('version 1 is the shipped schema', async () => {
    const name = freshName('mig');
    (await openKnowledgeBase({ name, storage: null })).close();
    expect(MIGRATIONS).toHaveLength(1);
    expect(await inspect(name)).toEqual({
      version: 1,
      stores: ['chunks', 'documents', 'embeddings', 'files', 'meta', 'texts', 'vectors'],
      documentIndexes: [],
    });
  });

  it('upgrades a version 1 database to version 2 and keeps every record', async () => {
    const name = freshName('mig');
    const { bundles, before } = await v1WithData(name);

    const store = await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, v2] });
    const after = await store.loadAll();
    expect(after.documents).toEqual(before.documents.map((d) => ({ ...d, tags: ['migrated'] })));
    expect(after.chunks).toEqual(before.chunks);
    expect(after.vectors.map((v) => Array.from(v.data))).toEqual(bundles.map((b) => Array.from(b.vectors.data)));
    expect(after.searchIndexJson).toBe('{"index":"v1"}');
    expect(await store.getText('a')).toEqual(bundles[0].text);
    expect(await store.getSettings()).toEqual({ answerLength: 'short' });
    expect(Array.from((await store.embeddingCache.get(['m:key']))[0]!)).toEqual([0.5, -0.5]);
    store.close();

    expect(await inspect(name)).toMatchObject({ version: 2, documentIndexes: ['byAddedAt'] });
    expect((await inspect(name)).stores).toContain('notes');
  });

  it('runs every migration in order on a new database', async () => {
    const name = freshName('mig');
    const store = await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, v2] });
    await store.addDocument(makeBundle('fresh'), '{}');
    expect(((await store.listDocuments())[0] as DocumentRecord & { tags?: string[] }).tags).toBeUndefined();
    store.close();
    expect(await inspect(name)).toMatchObject({ version: 2, documentIndexes: ['byAddedAt'] });
  });

  it('leaves the database at its old version, data intact, when a migration fails', async () => {
    const name = freshName('mig');
    const { before } = await v1WithData(name);
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
    expect(inspected.version).toBe(1);
    expect(inspected.stores).not.toContain('half-done');
    const store = await openKnowledgeBase({ name, storage: null });
    expect(await store.loadAll()).toEqual(before);
    store.close();
  });
});
