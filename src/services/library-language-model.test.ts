import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { heuristicSections } from '../core/sectioning';
import { FakeEmbedder } from '../testing/fake-embedder';
import { engineSplitScorer, type SplitScorer } from '../core/llamachunk';
import { ScriptedEngine } from '../testing/scripted-engine';
import { FERRY, NOTES, file, libraryOver, libraryWith, never, setup } from '../testing/library-fixtures';

describe('Library: chunking by a language model or a percentile', () => {
  it('chunks by LLM boundaries with a split scorer, and without one fails clearly naming the file, keeping the library', async () => {
    const loaded: { scorer?: SplitScorer } = {};
    const { library, store } = await libraryWith({ splitScorer: async () => loaded.scorer });
    await library.ingest(file('ferry.md', FERRY), () => {}, never);
    await library.updateSettings({ chunker: { kind: 'llm', threshold: 2, minChars: 20, maxChars: 200 } });
    await expect(library.ingest(file('notes.md', NOTES), () => {}, never)).rejects.toMatchObject({
      code: 'model',
      message: expect.stringMatching(/^notes\.md: LLM-boundary chunking needs a loaded language model that reads split-token probabilities/),
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
});

describe('Library: summaries and sections for a document', () => {
  it("puts a language model's one-sentence summary into chunk headers, and ingests without it when the model fails", async () => {
    let fail = false;
    const { library } = await libraryWith({
      summarize: async (parsed) => {
        if (fail) throw new Error('device lost');
        return `A note about ${parsed.title.toLowerCase()}.`;
      },
    });
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

    const { library: withLlm } = await libraryWith({
      section: async (parsed) => ({
        sections: [
          { start: 0, end: change, path: ['Kelp farming'] },
          { start: change, end: parsed.text.length, path: ['Ferry timetable'] },
        ],
        problems: ['line 999 was out of range'],
      }),
    });
    const b = await withLlm.ingest(file('notes.txt', text, 'text/plain'), () => {}, never);
    const paths = new Set((await withLlm.inspect(b.document.id)).chunks.map((c) => c.sectionPath.join(' › ')));
    expect([...paths].sort()).toEqual(['Ferry timetable', 'Kelp farming']);
    expect(b.document.warnings.join(' ')).toMatch(/2 sections were inferred by the language model.*line 999/);
  });
});

describe('Library: sections a language model inferred', () => {
  it('re-indexing keeps the sections and the summary a language model gave the document, with no model loaded now (issue 14)', async () => {
    const { twoTopics } = await import('../testing/sectioning-fixtures');
    const { text, change } = twoTopics();
    const { library: withLlm, store } = await libraryWith({
      section: async (parsed) => ({
        sections: [
          { start: 0, end: change, path: ['Kelp farming'] },
          { start: change, end: parsed.text.length, path: ['Ferry timetable'] },
        ],
        problems: [],
      }),
      summarize: async () => 'Notes on kelp and ferries.',
    });
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
    const { library } = await libraryWith({
      section: async (parsed) => ({
        sections: heuristicSections(parsed.text),
        problems: ['lines 0–40: reply named no section start; used heuristic sectioning there'],
        windows: { model: 0, heuristic: 1 },
      }),
    });
    const r = await library.ingest(file('notes.txt', text, 'text/plain'), () => {}, never);
    const notes = r.document.warnings.join(' ');
    expect(notes).toMatch(/sections were inferred from title-like lines and shifts of topic \(the language model's reply was not usable\)/);
    expect(notes).not.toMatch(/by the language model/);
  });
});
