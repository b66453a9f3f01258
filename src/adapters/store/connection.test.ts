import 'fake-indexeddb/auto';
import { loadAll, freshName, makeBundle, keywordsLabelled as seg } from '../../testing/store-fixtures';
import { describe, expect, it, vi } from 'vitest';
import { openKnowledgeBase } from './knowledge-base';
import { MIGRATIONS, type Migration } from './schema';

const v2: Migration = (db) => {
  db.createObjectStore('extra');
};

describe('another tab upgrading the database', () => {
  it('makes this connection close itself and say why, so the upgrade is not blocked', async () => {
    const name = freshName('tabs');
    const onVersionChange = vi.fn();
    const old = await openKnowledgeBase({ name, storage: null, onVersionChange });
    await old.addDocuments([{ bundle: makeBundle('doc'), keywords: seg('{}') }]);

    const onBlocked = vi.fn();
    const upgraded = await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, v2], onBlocked });
    expect(onVersionChange).toHaveBeenCalledOnce();
    expect(onBlocked).not.toHaveBeenCalled();
    await expect(old.listDocuments()).rejects.toMatchObject({ code: 'storage', message: expect.stringMatching(/reload/) });
    expect((await upgraded.listDocuments()).map((d) => d.id)).toEqual(['doc']);
    upgraded.close();
  });
});

describe('an old connection that does not let go', () => {
  it('reports that the upgrade is blocked, then opens once it closes', async () => {
    const name = freshName('blocked');
    (await openKnowledgeBase({ name, storage: null })).close();
    // A tab running a build that ignores versionchange.
    const stubborn = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

    const onBlocked = vi.fn(() => stubborn.close());
    const store = await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, v2], onBlocked });
    expect(onBlocked).toHaveBeenCalledOnce();
    expect(await store.listDocuments()).toEqual([]);
    store.close();
  });
});

describe('a database newer than this build', () => {
  it('fails to open with a storage error that asks for a reload', async () => {
    const name = freshName('newer');
    (await openKnowledgeBase({ name, storage: null, migrations: [...MIGRATIONS, v2] })).close();
    await expect(openKnowledgeBase({ name, storage: null })).rejects.toMatchObject({
      code: 'storage',
      message: expect.stringMatching(/newer version of Sieve/),
    });
  });
});

describe('after close()', () => {
  it('rejects further calls with a storage error', async () => {
    const store = await openKnowledgeBase({ name: freshName(), storage: null });
    store.close();
    await expect(loadAll(store)).rejects.toMatchObject({ code: 'storage' });
    await expect(store.addDocuments([{ bundle: makeBundle('x'), keywords: seg('{}') }])).rejects.toMatchObject({ code: 'storage', fileName: 'knowledge base' });
  });
});
