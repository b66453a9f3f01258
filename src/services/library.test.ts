import { loadAll } from '../testing/store-fixtures';
import { heuristicSections } from '../core/sectioning';
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../adapters/store';
import { failPutsWithQuota } from '../testing/store-quota';
import { FakeEmbedder } from '../testing/fake-embedder';
import { Library, MODEL_PENDING_NOTE, type IncomingFile, type LibraryDeps } from './library';
import { engineSplitScorer, type SplitScorer } from '../core/llamachunk';
import { ScriptedEngine } from '../testing/scripted-engine';
import { parseFile } from './parse-file';

let dbCount = 0;

function file(name: string, text: string, type = 'text/markdown'): IncomingFile {
  const bytes = new TextEncoder().encode(text);
  return { name, type, size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(0) as ArrayBuffer };
}

const NOTES = '# Bees\n\nThe apiary holds fourteen hives.\n\n## Harvest\n\nHoney harvest reached 212 kilograms in 2023.\n';
const FERRY = '# Ferry\n\nThe ferry to Gull Island leaves at noon.\n';

const parse: LibraryDeps['parse'] = (bytes, n, mime, onProgress, signal) =>
  parseFile({ pdf: async () => Promise.reject(new Error('no pdf here')), docx: async () => Promise.reject(new Error('no docx')) }, bytes, n, mime, onProgress, signal);

/** A second library over an existing store, as another tab or a later page load would open it. */
async function libraryOver(store: LibraryDeps['store'], embedder: FakeEmbedder): Promise<Library> {
  const library = new Library({ store, parse, loadEmbedder: async () => embedder });
  await library.open();
  return library;
}

async function setup(embedder = new FakeEmbedder(), name = `lib-${++dbCount}`, loadFails = false) {
  const store = await openKnowledgeBase({ name, storage: null });
  const library = new Library({
    store,
    parse,
    loadEmbedder: async () => {
      if (loadFails) throw new Error('model.json returned HTTP 404');
      return embedder;
    },
  });
  await library.open();
  return { library, store, embedder, name };
}

const never = new AbortController().signal;

describe('Library', () => {
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

  it('rebuilds a saved keyword index that another tab left out of step with the documents', async () => {
    const first = await setup();
    const second = await setup(first.embedder, first.name); // a second tab, opened while the library was empty
    await first.library.ingest(file('notes.md', NOTES), () => {}, never);
    await second.library.ingest(file('ferry.md', FERRY), () => {}, never); // saves an index without notes.md
    const reopened = await setup(first.embedder, first.name);
    const r = await reopened.library.search('honey harvest');
    expect(r.hits.find((h) => h.docName === 'notes.md' && h.bm25 > 0)).toBeDefined();
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

  it('rebuilds a stored keyword segment whose ids differ from the document’s chunks, and saves it; other segments are left alone', async () => {
    const { library, store, embedder } = await setup();
    const notes = (await library.ingest(file('notes.md', NOTES), () => {}, never)).document;
    const ferry = (await library.ingest(file('ferry.md', FERRY), () => {}, never)).document;
    const ferryChunks = (await store.getChunks(ferry.id))!.chunks;
    // ferry.md's segment replaced by one over other ids (as a lost or foreign write could leave).
    const { KeywordIndex } = await import('../core/search/bm25');
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

  it('a cancelled ingest adds nothing', async () => {
    const { library, store } = await setup();
    const ac = new AbortController();
    const p = library.ingest(file('notes.md', NOTES), (e) => e.stage === 'embedding' && ac.abort(), ac.signal);
    await expect(p).rejects.toMatchObject({ code: 'cancelled', fileName: 'notes.md' });
    expect(await store.listDocuments()).toEqual([]);
    expect(library.listDocuments()).toEqual([]);
  });

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

  it('falls back to keyword search when the model cannot load', async () => {
    const { store, name } = await setup();
    const good = await libraryOver(store, new FakeEmbedder());
    await good.ingest(file('notes.md', NOTES), () => {}, never);
    const broken = await setup(new FakeEmbedder(), name, true);
    const r = await broken.library.search('honey harvest');
    expect(r.warning).toMatch(/Keyword results only: .*404/);
    expect(r.hits[0].chunk.text).toContain('Honey');
  });

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

  it('refuses to mix vectors of two models, in ingest and in search', async () => {
    const { library, store } = await setup(new FakeEmbedder(64, 'model-a'));
    await library.ingest(file('notes.md', NOTES), () => {}, never);
    const other = await libraryOver(store, new FakeEmbedder(64, 'model-b'));
    await expect(other.ingest(file('ferry.md', FERRY), () => {}, never)).rejects.toThrow(/ferry\.md: The library was indexed with the model model-a, but model-b is selected/);
    const r = await other.search('honey harvest');
    expect(r.warning).toMatch(/Keyword results only: The library was indexed with the model model-a/);
    expect(r.hits[0].chunk.text).toContain('Honey');
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

  it('chunks by LLM boundaries with a split scorer, and without one fails clearly naming the file, keeping the library', async () => {
    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: null });
    const loaded: { scorer?: SplitScorer } = {};
    const library = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder(), splitScorer: async () => loaded.scorer });
    await library.open();
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    await library.updateSettings({ chunker: { kind: 'llm', threshold: 2, minChars: 20, maxChars: 200 } });
    await expect(library.ingest(file('notes.md', NOTES), () => {}, never)).rejects.toMatchObject({
      code: 'model',
      message: expect.stringMatching(/^notes\.md: LLM-boundary chunking needs a loaded transformers\.js language model/),
    });
    expect(library.listDocuments().map((d) => d.name)).toEqual(['ferry.md']);
    expect((await store.listDocuments()).map((d) => d.name)).toEqual(['ferry.md']);
    const ferry = library.listDocuments()[0];
    await expect(library.reindex([ferry.id], () => {}, never)).rejects.toThrow(/ferry\.md: LLM-boundary chunking needs/);

    // A scorer that puts the split right before each "\n\n".
    const windows: string[] = [];
    const engine = new ScriptedEngine([], [], '', (w) => {
      windows.push(w);
      return [...w.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length, logProb: w.startsWith('\n\n', m.index + m[0].length) ? -1 : -12 }));
    });
    loaded.scorer = engineSplitScorer(engine);
    const { document } = await library.ingest(file('notes.md', NOTES), () => {}, never);
    expect(document.chunker).toMatchObject({ kind: 'llm', minChars: 20 });
    expect(document.chunkerModel).toBe(engine.info.model);
    expect(windows.length).toBeGreaterThan(0);
    const chunks = (await library.inspect(document.id)).chunks;
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.sentenceEnd > c.sentenceStart)).toBe(true);
    expect((await library.search('honey harvest')).hits[0].docName).toBe('notes.md');
  });

  it('shows in the inspector the θ a percentile chunker came to for the document', async () => {
    const { library } = await setup();
    await library.updateSettings({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: true } });
    const absolute = await library.ingest(file('notes.md', NOTES), () => {}, never);
    expect(await library.inspect(absolute.document.id)).toMatchObject({ threshold: 0.8 });
    expect((await library.inspect(absolute.document.id)).percentile).toBeUndefined();
    await library.updateSettings({ chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, percentile: 50, headers: true } });
    const { document } = await library.ingest(file('ferry.md', `${FERRY}\nIt returns at six.\n\nTickets cost 12 dollars.\n`), () => {}, never);
    expect(document.chunker).toMatchObject({ percentile: 50 });
    const ins = await library.inspect(document.id);
    expect(ins.neighbourSims.length).toBeGreaterThan(1);
    const sorted = [...ins.neighbourSims].sort((x, y) => x - y);
    expect(ins.percentile).toBe(50);
    expect(ins.threshold).toBeCloseTo((sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2, 6);
  });

  it("puts a language model's one-sentence summary into chunk headers, and ingests without it when the model fails", async () => {
    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: null });
    let fail = false;
    const library = new Library({
      store,
      parse,
      loadEmbedder: async () => new FakeEmbedder(),
      summarize: async (parsed) => {
        if (fail) throw new Error('device lost');
        return `A note about ${parsed.title.toLowerCase()}.`;
      },
    });
    await library.open();
    const { document } = await library.ingest(file('notes.md', NOTES), () => {}, never);
    const chunks = (await library.inspect(document.id)).chunks;
    expect(chunks[0].header).toBe('Bees\nA note about bees.');
    expect((await library.search('note about bees')).hits.length).toBeGreaterThan(0); // the header is searched

    fail = true;
    const second = await library.ingest(file('ferry.md', FERRY), () => {}, never);
    expect(second.document.warnings.join(' ')).toMatch(/No document summary .*device lost/);
    expect((await library.inspect(second.document.id)).chunks[0].header).toBe('Ferry');
  });

  it('sections a long document that has no headings: by the language model when one is loaded, else by layout and topic', async () => {
    const { twoTopics } = await import('../testing/sectioning-fixtures');
    const { text, change } = twoTopics();
    const plain = await setup();
    const a = await plain.library.ingest(file('notes.txt', text, 'text/plain'), () => {}, never);
    const chunksA = (await plain.library.inspect(a.document.id)).chunks;
    expect(new Set(chunksA.map((c) => c.sectionPath.join(' › '))).size).toBeGreaterThan(1);
    expect(a.document.warnings.join(' ')).toMatch(/sections were inferred from title-like lines and shifts of topic/);

    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: null });
    const withLlm = new Library({
      store,
      parse,
      loadEmbedder: async () => new FakeEmbedder(),
      section: async (parsed) => ({
        sections: [
          { start: 0, end: change, path: ['Kelp farming'] },
          { start: change, end: parsed.text.length, path: ['Ferry timetable'] },
        ],
        problems: ['line 999 was out of range'],
      }),
    });
    await withLlm.open();
    const b = await withLlm.ingest(file('notes.txt', text, 'text/plain'), () => {}, never);
    const paths = new Set((await withLlm.inspect(b.document.id)).chunks.map((c) => c.sectionPath.join(' › ')));
    expect([...paths].sort()).toEqual(['Ferry timetable', 'Kelp farming']);
    expect(b.document.warnings.join(' ')).toMatch(/2 sections were inferred by the language model.*line 999/);
  });

  it('re-indexing keeps the sections and the summary a language model gave the document, with no model loaded now (issue 14)', async () => {
    const { twoTopics } = await import('../testing/sectioning-fixtures');
    const { text, change } = twoTopics();
    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: null });
    const withLlm = new Library({
      store,
      parse,
      loadEmbedder: async () => new FakeEmbedder(),
      section: async (parsed) => ({
        sections: [
          { start: 0, end: change, path: ['Kelp farming'] },
          { start: change, end: parsed.text.length, path: ['Ferry timetable'] },
        ],
        problems: [],
      }),
      summarize: async () => 'Notes on kelp and ferries.',
    });
    await withLlm.open();
    const { document } = await withLlm.ingest(file('notes.txt', text, 'text/plain'), () => {}, never);
    const before = (await withLlm.inspect(document.id)).chunks;
    expect(before[0].header).toMatch(/\nNotes on kelp and ferries\.$/);

    // Later, without a language model, the chunker changes and the document is re-indexed.
    const plain = await libraryOver(store, new FakeEmbedder());
    await plain.updateSettings({ chunker: { kind: 'fixed', size: 200, overlap: 0 } });
    await plain.reindex([document.id], () => {}, never);
    const after = (await plain.inspect(document.id)).chunks;
    expect(after.length).not.toBe(before.length);
    expect(new Set(after.map((c) => c.sectionPath.join(' › ')))).toEqual(new Set(['Kelp farming', 'Ferry timetable']));
    expect(after.every((c) => c.header?.endsWith('\nNotes on kelp and ferries.'))).toBe(true);
    expect(plain.listDocuments()[0].summary).toBe('Notes on kelp and ferries.');
  });

  it('does not credit the language model with sections the heuristic found when its reply was unusable', async () => {
    const { twoTopics } = await import('../testing/sectioning-fixtures');
    const { text } = twoTopics();
    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: null });
    const library = new Library({
      store,
      parse,
      loadEmbedder: async () => new FakeEmbedder(),
      section: async (parsed) => ({
        sections: heuristicSections(parsed.text),
        problems: ['lines 0–40: reply named no section start; used heuristic sectioning there'],
        windows: { model: 0, heuristic: 1 },
      }),
    });
    await library.open();
    const r = await library.ingest(file('notes.txt', text, 'text/plain'), () => {}, never);
    const notes = r.document.warnings.join(' ');
    expect(notes).toMatch(/sections were inferred from title-like lines and shifts of topic \(the language model's reply was not usable\)/);
    expect(notes).not.toMatch(/by the language model/);
  });

  it('refuses a document past the size limit once its text is read, before embedding any of it, with its figures', async () => {
    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: null });
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
    const store = await openKnowledgeBase({ name: `lib-${++dbCount}`, storage: { estimate: async () => ({ usage: 999_000, quota: 1_000_000 }) } });
    const library = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder() });
    await library.open();
    await expect(library.ingest(file('notes.md', NOTES.repeat(20)), () => {}, never)).rejects.toMatchObject({
      code: 'quota',
      message: expect.stringMatching(/notes\.md: it needs about .* but only 1 KB of browser storage is free; delete some documents or free disk space\./),
    });
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
