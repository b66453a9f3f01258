import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { file, never, setup } from '../testing/library-fixtures';

async function library() {
  const { library: lib } = await setup();
  await lib.ingest(file('notes.md', '# Bees\n\nHoney harvest reached 212 kilograms in 2023.\n'), () => {}, never);
  const { document: ferry } = await lib.ingest(file('ferry.md', '# Ferry\n\nThe ferry carried honey to the mainland after the harvest.\n'), () => {}, never);
  return { lib, ferry };
}

describe('Library search routing', () => {
  it('keeps a query that names a document to it, and searches all documents when routing is off for the search', async () => {
    const { lib, ferry } = await library();
    const routed = await lib.search('Ferry honey harvest');
    expect(routed.routed.map((r) => r.docId)).toEqual([ferry.id]);
    expect(new Set(routed.hits.map((h) => h.docName))).toEqual(new Set(['ferry.md']));

    const all = await lib.search('Ferry honey harvest', { routing: false });
    expect(all.routed).toEqual([]);
    expect(new Set(all.hits.map((h) => h.docName))).toEqual(new Set(['ferry.md', 'notes.md']));
  });
});
