import { describe, expect, it } from 'vitest';
import { AppStore } from './state';
import type { LibraryClient } from './client';
import type { DocumentRecord } from '../core/kb';

function setup() {
  const docs = [
    { id: 'a', name: 'a.pdf' },
    { id: 'b', name: 'b.md' },
  ] as DocumentRecord[];
  const calls: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  const client = {
    listDocuments: async () => docs,
    usage: async () => undefined,
    deleteDocument: () => new Promise<void>((resolve, reject) => calls.push({ resolve, reject })),
  };
  const store = new AppStore(client as unknown as LibraryClient, undefined, undefined);
  return { store, calls };
}

describe('AppStore.deleteDocument', () => {
  it('marks the document as being deleted at once, and drops it when the delete is done', async () => {
    const { store, calls } = setup();
    await store.documents.syncDocuments();
    const done = store.documents.deleteDocument('a');
    expect(store.get().deleting).toEqual(['a']);
    calls[0].resolve();
    await done;
    expect(store.get().deleting).toEqual([]);
    expect(store.get().documents.map((d) => d.id)).toEqual(['b']);
  });

  it('brings the document back, in its place, with the reason, when the delete fails; no banner as well', async () => {
    const { store, calls } = setup();
    await store.documents.syncDocuments();
    const done = store.documents.deleteDocument('a');
    calls[0].reject(new Error('the disk is busy'));
    await done;
    expect(store.get().deleting).toEqual([]);
    expect(store.get().documents.map((d) => d.id)).toEqual(['a', 'b']);
    expect(store.get().deleteErrors).toEqual({ a: 'Could not delete it: the disk is busy' });
    expect(store.get().notices).toEqual([]);

    // Trying again clears the old reason while it works.
    void store.documents.deleteDocument('a');
    expect(store.get().deleteErrors).toEqual({});
    expect(store.get().deleting).toEqual(['a']);
  });
});
