import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../testing/fake-embedder';
import { Library, MODEL_PENDING_NOTE } from './library';
import { FERRY, NOTES, file, libraryOver, never, parse, setup } from '../testing/library-fixtures';

describe('Library: while the embedding model loads', () => {
  it('answers by keywords at once while the model loads, and by meaning once it has (issue 13)', async () => {
    const { store } = await setup();
    const good = await libraryOver(store, new FakeEmbedder());
    await good.ingest(file('notes.md', NOTES), () => {}, never);
    await good.ingest(file('ferry.md', FERRY), () => {}, never);

    // A later page load: the model is still loading when the first search comes.
    let finish!: (e: FakeEmbedder) => void;
    const late = new Promise<FakeEmbedder>((resolve) => (finish = resolve));
    const reloaded = new Library({ store, parse, loadEmbedder: () => late });
    await reloaded.open();
    const loading = reloaded.prepareEmbedder();

    const first = await reloaded.search('honey harvest');
    expect(first.modelPending).toBe(true);
    expect(first.warning).toBe(MODEL_PENDING_NOTE);
    expect(first.hits[0].chunk.text).toContain('Honey harvest');
    expect(first.hits.every((h) => h.rankDense === undefined)).toBe(true);
    expect(first.traces.find((t) => t.stage === 'query-embedding')?.detail).toMatchObject({ ok: false, pending: true });

    finish(new FakeEmbedder());
    await loading;
    const second = await reloaded.search('honey harvest');
    expect(second.modelPending).toBeUndefined();
    expect(second.warning).toBeUndefined();
    expect(second.traces.find((t) => t.stage === 'query-embedding')?.detail).toMatchObject({ ok: true });
    expect(second.hits[0].chunk.text).toContain('Honey harvest');
    expect(second.hits.some((h) => h.rankDense !== undefined)).toBe(true);
  });

  it('waits for the model when no load is under way, and says when a load in progress fails', async () => {
    const { store } = await setup();
    const good = await libraryOver(store, new FakeEmbedder());
    await good.ingest(file('notes.md', NOTES), () => {}, never);

    // Nothing started loading the model: the search loads it and answers by meaning (as scripts and tests rely on).
    const fresh = await libraryOver(store, new FakeEmbedder());
    const r = await fresh.search('honey harvest');
    expect(r.modelPending).toBeUndefined();
    expect(r.traces.find((t) => t.stage === 'query-embedding')?.detail).toMatchObject({ ok: true });

    // A load that fails: keywords while it runs, then the failure is named rather than "follow".
    let fail!: (e: Error) => void;
    let loads = 0;
    const failing = new Library({
      store,
      parse,
      // The first load fails late; a search after it tries again, and that fails at once.
      loadEmbedder: () => (++loads === 1 ? new Promise((_, reject) => (fail = reject)) : Promise.reject(new Error('model.json returned HTTP 404'))),
    });
    await failing.open();
    const loading = failing.prepareEmbedder();
    expect((await failing.search('honey harvest')).modelPending).toBe(true);
    fail(new Error('model.json returned HTTP 404'));
    await expect(loading).rejects.toThrow(/404/);
    const after = await failing.search('honey harvest');
    expect(after.modelPending).toBeUndefined();
    expect(after.warning).toMatch(/Keyword results only: .*404/);
    expect(after.hits[0].chunk.text).toContain('Honey');
  });
});

describe('Library: keyword results when vectors cannot be used', () => {
  it('falls back to keyword search when the model cannot load', async () => {
    const { store, name } = await setup();
    const good = await libraryOver(store, new FakeEmbedder());
    await good.ingest(file('notes.md', NOTES), () => {}, never);
    const broken = await setup(new FakeEmbedder(), name, true);
    const r = await broken.library.search('honey harvest');
    expect(r.warning).toMatch(/Keyword results only: .*404/);
    expect(r.hits[0].chunk.text).toContain('Honey');
  });

  it('refuses to mix vectors of two models, in ingest and in search', async () => {
    const { library, store } = await setup(new FakeEmbedder(64, 'model-a'));
    await library.ingest(file('notes.md', NOTES), () => {}, never);
    const other = await libraryOver(store, new FakeEmbedder(64, 'model-b'));
    await expect(other.ingest(file('ferry.md', FERRY), () => {}, never)).rejects.toThrow(/ferry\.md: The library was indexed with the model model-a, but model-b is selected/);
    const r = await other.search('honey harvest');
    expect(r.warning).toMatch(/Keyword results only: The library was indexed with the model model-a/);
    expect(r.hits[0].chunk.text).toContain('Honey');
  });

  it('opens searchable by keyword before the stored vectors are read, and searches by meaning once they are (issue 12)', async () => {
    const { library, store, embedder } = await setup();
    await library.ingest(file('notes.md', NOTES), () => {}, never);
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    const before = await library.search('ferry Gull Island');

    // The vectors' read is held back until released (all but the one-row read that sizes the index).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const loadVectors: typeof store.loadVectors = async (options) => ((options?.ids?.length ?? 2) > 1 && (await held), store.loadVectors(options));
    const reopened = new Library({ store: { ...store, loadVectors }, parse, loadEmbedder: async () => embedder });
    await reopened.open();
    reopened.prepareEmbedder();
    const early = await reopened.search('ferry Gull Island');
    expect(early.modelPending).toBe(true);
    expect(early.hits[0].chunk.text).toContain('Gull Island');
    expect(early.hits.every((h) => h.dense === 0)).toBe(true);

    release();
    await reopened.prepareEmbedder();
    const after = await reopened.search('ferry Gull Island');
    expect(after.modelPending).toBeUndefined();
    expect(after.hits.map((h) => [h.chunk.id, h.score])).toEqual(before.hits.map((h) => [h.chunk.id, h.score]));
  });
});
