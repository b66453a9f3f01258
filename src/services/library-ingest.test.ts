import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../adapters/store';
import { failPutsWithQuota } from '../testing/store-quota';
import { FakeEmbedder } from '../testing/fake-embedder';
import { Library } from './library';
import { FERRY, NOTES, file, freshName, libraryOver, never, parse, setup } from '../testing/library-fixtures';

describe('Library: a document being embedded', () => {
  it('opens where a keyword hit came from before it is stored, and not once its ingest is cancelled', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = new FakeEmbedder();
    const slow = { id: inner.id, dim: inner.dim, embed: async (texts: string[], signal?: AbortSignal) => (texts.length > 1 && (await gate), inner.embed(texts, signal)) };
    const { library } = await setup(slow as unknown as FakeEmbedder);
    const ac = new AbortController();
    let searchable!: () => void;
    const isSearchable = new Promise<void>((resolve) => (searchable = resolve));
    const done = library.ingest(file('notes.md', NOTES), (e) => e.stage === 'searchable' && searchable(), ac.signal);
    await isSearchable;

    const hit = (await library.search('honey harvest')).hits.find((h) => h.docName === 'notes.md')!;
    expect(hit.embedding).toBe(true);
    const source = await library.source(hit.chunk.docId);
    expect(source.document).toMatchObject({ id: hit.chunk.docId, name: 'notes.md', title: 'Bees', kind: 'markdown' });
    expect(source.text.slice(hit.chunk.start, hit.chunk.end)).toContain('Honey harvest reached 212 kilograms');
    expect(source.bytes).toBeUndefined();

    ac.abort();
    release();
    await expect(done).rejects.toMatchObject({ code: 'cancelled' });
    await expect(library.source(hit.chunk.docId)).rejects.toThrow(/no longer in the library/);
  });
});

describe('Library: ingesting and re-indexing', () => {
  it('a document is searchable by keyword as soon as it is parsed, while it is embedded; a cancelled one leaves search (issue 13)', async () => {
    // Batches of the document wait until released; a one-text query embeds at once.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = new FakeEmbedder();
    let hold = false;
    const slow = { id: inner.id, dim: inner.dim, embed: async (texts: string[], signal?: AbortSignal) => (hold && texts.length > 1 && (await gate), inner.embed(texts, signal)) };
    const { library, store } = await setup(slow as unknown as FakeEmbedder);
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    hold = true;
    const events: string[] = [];
    let searchable!: () => void;
    const isSearchable = new Promise<void>((resolve) => (searchable = resolve));
    const done = library.ingest(file('notes.md', NOTES), (e) => (events.push(e.stage), e.stage === 'searchable' && searchable()), never);
    await isSearchable;

    const during = await library.search('honey harvest');
    const hit = during.hits.find((h) => h.docName === 'notes.md');
    expect(hit).toMatchObject({ embedding: true, docTitle: 'Bees', dense: 0 });
    expect(hit!.chunk.text).toContain('Honey harvest');
    expect(hit!.bm25).toBeGreaterThan(0);
    expect(library.listDocuments().map((d) => d.name)).not.toContain('notes.md');
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['ferry.md']); // nothing stored until it is whole

    release();
    const { document, timings } = await done;
    expect(events.indexOf('searchable')).toBeLessThan(events.indexOf('embedding'));
    expect(timings.keywordReadyMs).toBeLessThanOrEqual(timings.totalMs);
    const after = await library.search('honey harvest');
    const final = after.hits.find((h) => h.docName === 'notes.md')!;
    expect(final.embedding).toBeUndefined();
    expect(final.chunk.docId).toBe(document.id);
    expect(final.dense).toBeGreaterThan(0);

    // Cancelled while embedding: its keyword chunks leave search with it.
    const ac = new AbortController();
    const cancelled = library.ingest(file('more.md', '# Kelp\n\nThe kelp farm spans nine hectares of the bay.\n'), (e) => e.stage === 'embedding' && ac.abort(), ac.signal);
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    expect((await library.search('kelp farm hectares')).hits.filter((h) => h.docName === 'more.md')).toEqual([]);
  });

  it('a cancelled ingest adds nothing', async () => {
    const { library, store } = await setup();
    const ac = new AbortController();
    const p = library.ingest(file('notes.md', NOTES), (e) => e.stage === 'embedding' && ac.abort(), ac.signal);
    await expect(p).rejects.toMatchObject({ code: 'cancelled', fileName: 'notes.md' });
    expect(await store.listDocuments()).toEqual([]);
    expect(library.listDocuments()).toEqual([]);
  });

  it('re-indexes stored documents with new chunker settings and a new model', async () => {
    const { library, store, name, embedder } = await setup();
    const notes = (await library.ingest(file('notes.md', NOTES), () => {}, never)).document;
    const ferry = (await library.ingest(file('ferry.md', FERRY), () => {}, never)).document;
    await library.updateSettings({ chunker: { kind: 'fixed', size: 60, overlap: 10 } });
    const events: string[] = [];
    const [updated] = await library.reindex([notes.id], (p) => events.push(`${p.name}:${p.event.stage}`), never);
    expect(updated).toMatchObject({ id: notes.id, addedAt: notes.addedAt, chunker: { kind: 'fixed', size: 60 } });
    expect(events).toContain('notes.md:embedding');
    const reopened = await setup(embedder, name);
    expect(reopened.library.listDocuments().find((d) => d.id === notes.id)?.chunker.kind).toBe('fixed');
    expect((await reopened.library.search('honey harvest')).hits[0].docName).toBe('notes.md');

    // A new model must re-index everything: vectors of two models cannot be searched together.
    const other = await libraryOver(store, new FakeEmbedder(32, 'model-b'));
    await expect(other.reindex([notes.id], () => {}, never)).rejects.toThrow(/ferry\.md was indexed with fake-bow: re-index every document/);
    const all = await other.reindex([notes.id, ferry.id], () => {}, never);
    expect(all.map((d) => d.embedderId)).toEqual(['model-b', 'model-b']);
    const r = await other.search('ferry to Gull Island');
    expect(r.warning).toBeUndefined();
    expect(r.hits[0].docName).toBe('ferry.md');
  });
});

describe('Library: refusing a file', () => {
  it('names the file and cause for empty, unsupported and model failures, keeping what was there', async () => {
    const { library } = await setup();
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    await expect(library.ingest(file('empty.md', ''), () => {}, never)).rejects.toMatchObject({ code: 'empty', message: expect.stringContaining('empty.md') });
    await expect(library.ingest(file('x.bin', '\u0000\u0001\u0002binary', 'application/octet-stream'), () => {}, never)).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(library.ingest({ ...file('huge.md', 'x'), size: 100 * 1024 * 1024 }, () => {}, never)).rejects.toThrow(/huge\.md: .*100\.0 MB/);
    const broken = await setup(new FakeEmbedder(), undefined, true);
    await expect(broken.library.ingest(file('notes.md', NOTES), () => {}, never)).rejects.toThrow(/notes\.md: the embedding model could not be loaded .*404/);
    expect(library.listDocuments().map((d) => d.name)).toEqual(['ferry.md']);
  });

  it('a storage failure leaves memory and storage as they were', async () => {
    const { library, store } = await setup();
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    const restore = failPutsWithQuota('throw', (storeName) => storeName === 'chunkParts');
    try {
      await expect(library.ingest(file('notes.md', NOTES), () => {}, never)).rejects.toMatchObject({ code: 'quota', fileName: 'notes.md' });
    } finally {
      restore();
    }
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['ferry.md']);
    expect((await library.search('honey harvest')).hits.every((h) => h.docName === 'ferry.md')).toBe(true);
  });

  it('refuses a document past the size limit once its text is read, before embedding any of it, with its figures', async () => {
    const store = await openKnowledgeBase({ name: freshName(), storage: null });
    const embedder = new FakeEmbedder();
    const library = new Library({ store, parse, loadEmbedder: async () => embedder, maxDocumentChars: 50_000 });
    await library.open();
    const huge = 'The harbour ledger lists one more crate of tea. '.repeat(1100);
    const error = await library.ingest(file('ledger.txt', huge, 'text/plain'), () => {}, never).catch((e) => e);
    expect(error).toMatchObject({ code: 'too-large', fileName: 'ledger.txt' });
    expect(error.message).toMatch(
      /ledger\.txt: it holds 52,799 characters of text \(about [\d,]+ chunks .* to embed on this device\); Sieve takes documents up to 50,000 characters\. Split it/,
    );
    expect(embedder.calls).toEqual([]);
    expect(await store.listDocuments()).toEqual([]);
  });

  it('announces what a long document will cost before embedding it', async () => {
    const { library } = await setup();
    const long = 'Tug crews logged another calm night on the northern quay. '.repeat(25_000);
    const controller = new AbortController();
    const events: string[] = [];
    const done = library.ingest(
      file('log.txt', long, 'text/plain'),
      (p) => {
        if (p.stage === 'estimate') {
          events.push(p.note);
          controller.abort();
        }
      },
      controller.signal,
    );
    await expect(done).rejects.toMatchObject({ code: 'cancelled' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^A long document: about [\d,]+ chunks from [\d,]+ sentences, \d+ MB to store and \d+ min to embed on this device\.$/);
  });

  it('refuses a document the free storage cannot hold', async () => {
    const store = await openKnowledgeBase({ name: freshName(), storage: { estimate: async () => ({ usage: 999_000, quota: 1_000_000 }) } });
    const library = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder() });
    await library.open();
    await expect(library.ingest(file('notes.md', NOTES.repeat(20)), () => {}, never)).rejects.toMatchObject({
      code: 'quota',
      message: expect.stringMatching(/notes\.md: it needs about .* but only 1 KB of browser storage is free; delete some documents or free disk space\./),
    });
  });
});

describe('Library: the same file twice', () => {
  it('refuses a second copy when asked to, naming the first, and adds it when told to keep both', async () => {
    const { library } = await setup();
    const first = (await library.ingest(file('notes.md', NOTES), () => {}, never, { duplicates: 'refuse' })).document;
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // the same bytes under another name are the same file
    const refused = library.ingest(file('notes copy.md', NOTES), () => {}, never, { duplicates: 'refuse' });
    await expect(refused).rejects.toMatchObject({ code: 'duplicate' });
    await expect(refused).rejects.toThrow(/^notes copy\.md: this file is already in your library as “Bees” \(notes\.md, added /);
    expect(await library.listDocuments()).toHaveLength(1);
    // other bytes are another file
    await library.ingest(file('ferry.md', FERRY), () => {}, never, { duplicates: 'refuse' });
    await library.ingest(file('notes copy.md', NOTES), () => {}, never, { duplicates: 'keep' });
    expect((await library.listDocuments()).map((d) => d.name).sort()).toEqual(['ferry.md', 'notes copy.md', 'notes.md']);
  });
});
