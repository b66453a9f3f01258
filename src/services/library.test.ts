import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { loadAll } from '../testing/store-fixtures';
import { Library } from './library';
import { FERRY, NOTES, file, libraryOver, never, parse, setup } from '../testing/library-fixtures';

describe('Library: storing and reopening', () => {
  it('ingests, searches with every score, and comes back after reopening without re-embedding', async () => {
    const { library, name, embedder } = await setup();
    const { document } = await library.ingest(file('notes.md', NOTES), () => {}, never);
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    expect(document).toMatchObject({ name: 'notes.md', title: 'Bees', kind: 'markdown' });

    const r = await library.search('honey harvest');
    expect(r.hits[0].chunk.text).toContain('Honey harvest');
    expect(r.hits[0].docName).toBe('notes.md');
    expect(r.hits[0].bm25).toBeGreaterThan(0);
    expect(r.hits[0].highlights.length).toBeGreaterThan(0);
    expect(r.hits[0].chunk.sectionPath).toEqual(['Bees', 'Harvest']);

    const reopened = await setup(embedder, name);
    const callsBefore = embedder.calls.length;
    expect(
      reopened.library
        .listDocuments()
        .map((d) => d.name)
        .sort(),
    ).toEqual(['ferry.md', 'notes.md']);
    const again = await reopened.library.search('harvest of honey');
    expect(again.hits[0].chunk.id).toBe(r.hits[0].chunk.id);
    // only the new query itself was embedded: documents came back from storage
    expect(embedder.calls.slice(callsBefore).flat()).toEqual(['harvest of honey']);
  });

  it('deletes a document from search, storage and a reopened library', async () => {
    const { library, name, embedder } = await setup();
    const { document } = await library.ingest(file('notes.md', NOTES), () => {}, never);
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    await library.deleteDocument(document.id);
    expect((await library.search('honey')).hits.every((h) => h.docName !== 'notes.md')).toBe(true);
    const reopened = await setup(embedder, name);
    expect(reopened.library.listDocuments().map((d) => d.name)).toEqual(['ferry.md']);
    expect((await reopened.library.search('honey')).hits.every((h) => h.docName !== 'notes.md')).toBe(true);
  });

  it('opens without reading chunk texts, and reads only the documents a search or question needs', async () => {
    const { library, store, embedder } = await setup();
    await library.ingest(file('notes.md', NOTES), () => {}, never);
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    const before = await library.search('ferry Gull Island');
    const reads: string[] = [];
    const getChunks = store.getChunks;
    const counting = { ...store, getChunks: (id: string) => (reads.push(id), getChunks(id)) };
    const reopened = new Library({ store: counting, parse, loadEmbedder: async () => embedder });
    await reopened.open();
    expect(reads).toEqual([]);
    const after = await reopened.search('ferry Gull Island');
    expect(after.hits.map((h) => [h.chunk.id, h.score])).toEqual(before.hits.map((h) => [h.chunk.id, h.score]));
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads)).toEqual(new Set(after.hits.map((h) => h.chunk.docId)));
  });
});

describe('Library: several tabs', () => {
  it('forgets at once what another tab deleted, and a citation to it says so', async () => {
    const a = await setup();
    const notes = (await a.library.ingest(file('notes.md', NOTES), () => {}, never)).document;
    await a.library.ingest(file('ferry.md', FERRY), () => {}, never);
    const b = await libraryOver(a.store, a.embedder);
    await b.deleteDocument(notes.id);
    expect(await a.library.dropDeleted()).toEqual([notes.id]);
    expect(a.library.listDocuments().map((d) => d.name)).toEqual(['ferry.md']);
    expect((await a.library.search('honey harvest')).hits.filter((h) => h.chunk.docId === notes.id)).toEqual([]);
    await expect(a.library.source(notes.id)).rejects.toThrow('“Bees” was deleted in another tab; it is no longer in the library.');
    expect(await a.library.dropDeleted()).toEqual([]);
  });

  it('two tabs: a delete and re-add in one and an add in the stale other leave search working (issue 12)', async () => {
    const a = await setup();
    const pdf = (await a.library.ingest(file('report.md', NOTES), () => {}, never)).document;
    const b = await libraryOver(a.store, a.embedder); // tab B, opened over the same storage
    await b.deleteDocument(pdf.id);
    await b.ingest(file('report.md', NOTES), () => {}, never);
    // Tab A still shows the first report.md; it adds a file of the same size in chunks.
    await a.library.ingest(file('ferry.md', NOTES.replace('Bees', 'Wasps')), () => {}, never);
    // Tab A caught up before writing: every stored document has its own keyword segment.
    const saved = await loadAll(a.store);
    expect([...saved.keywords.keys()].sort()).toEqual(saved.documents.map((d) => d.id).sort());

    for (const tab of [a.library, b, await libraryOver(a.store, a.embedder)]) {
      await tab.refresh();
      const r = await tab.search('honey harvest');
      expect(r.hits.length).toBeGreaterThan(0);
      expect(r.hits.every((h) => h.chunk !== undefined && h.docName !== '')).toBe(true);
      expect(new Set(r.hits.filter((h) => h.bm25 > 0).map((h) => h.docName))).toEqual(new Set(['report.md', 'ferry.md']));
      expect(
        tab
          .listDocuments()
          .map((d) => d.name)
          .sort(),
      ).toEqual(['ferry.md', 'report.md']);
    }
    expect((await a.store.listDocuments()).map((d) => d.id)).not.toContain(pdf.id);
  });

  it('runs every write inside the exclusive (cross-tab) lock and announces each change', async () => {
    const { store, embedder } = await setup();
    const log: string[] = [];
    const library = new Library({
      store,
      parse,
      loadEmbedder: async () => embedder,
      exclusive: async (work) => {
        log.push('lock');
        try {
          return await work();
        } finally {
          log.push('unlock');
        }
      },
      announce: () => log.push('changed'),
    });
    await library.open();
    const { document } = await library.ingest(file('notes.md', NOTES), () => {}, never);
    await library.deleteDocument(document.id);
    await library.clear();
    expect(log).toEqual(['lock', 'changed', 'unlock', 'lock', 'changed', 'unlock', 'lock', 'changed', 'unlock']);
    expect(await library.refresh()).toBe(false);
  });
});

describe('Library: keyword indexes out of step with the documents', () => {
  it('rebuilds a saved keyword index that another tab left out of step with the documents', async () => {
    const first = await setup();
    const second = await setup(first.embedder, first.name); // a second tab, opened while the library was empty
    await first.library.ingest(file('notes.md', NOTES), () => {}, never);
    await second.library.ingest(file('ferry.md', FERRY), () => {}, never); // saves an index without notes.md
    const reopened = await setup(first.embedder, first.name);
    const r = await reopened.library.search('honey harvest');
    expect(r.hits.find((h) => h.docName === 'notes.md' && h.bm25 > 0)).toBeDefined();
  });

  it('rebuilds a stored keyword segment whose ids differ from the document’s chunks, and saves it; other segments are left alone', async () => {
    const { library, store, embedder } = await setup();
    const notes = (await library.ingest(file('notes.md', NOTES), () => {}, never)).document;
    const ferry = (await library.ingest(file('ferry.md', FERRY), () => {}, never)).document;
    const ferryChunks = (await store.getChunks(ferry.id))!.chunks;
    // ferry.md's segment replaced by one over other ids (as a lost or foreign write could leave).
    const { KeywordIndex } = await import('../core/search');
    const wrong = KeywordIndex.create();
    wrong.add(ferryChunks.map((c) => ({ ...c, id: `gone-${c.id}`, docId: ferry.id })));
    const before = await loadAll(store);
    expect(await store.putKeywords(ferry.id, wrong.segment(ferry.id), before.revision)).toBe(true);
    const reopened = await libraryOver(store, embedder);
    expect((await reopened.search('honey harvest')).hits[0].docName).toBe('notes.md');
    const r = await reopened.search('ferry Gull Island');
    expect(r.hits[0].docName).toBe('ferry.md');
    expect(r.hits.every((h) => h.docName !== '' && !h.chunk.id.startsWith('gone-'))).toBe(true);
    // Saved back: the next load reads a segment over the stored chunks.
    const after = await loadAll(store);
    expect(after.keywords.get(notes.id)).toEqual(before.keywords.get(notes.id));
    const copy = KeywordIndex.create();
    copy.load(ferry.id, after.keywords.get(ferry.id)!);
    expect(
      copy.covers(
        ferry.id,
        ferryChunks.map((c) => c.id),
      ),
    ).toBe(true);
  });
});
