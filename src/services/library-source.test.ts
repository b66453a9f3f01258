import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../adapters/store';
import { FakeEmbedder } from '../testing/fake-embedder';
import { Library, type IncomingFile, type LibraryDeps } from './library';
import { parseFile } from './parse-file';

function file(name: string, type: string, bytes: Uint8Array): IncomingFile {
  return { name, type, size: bytes.length, arrayBuffer: async () => bytes.slice().buffer as ArrayBuffer };
}

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4 stand-in bytes');

// A "PDF" parsed by a stand-in: two pages of text, so the original bytes and the pages can be checked.
const parse: LibraryDeps['parse'] = (bytes, n, mime, onProgress, signal) =>
  parseFile(
    {
      pdf: async () => ({
        kind: 'pdf',
        title: 'Kelp report',
        text: 'The kelp harvest grew.\n\nThe hatchery doubled.',
        pages: [
          { page: 1, start: 0, end: 22 },
          { page: 2, start: 24, end: 45 },
        ],
        sections: [],
        warnings: [],
      }),
      docx: async () => Promise.reject(new Error('no docx')),
    },
    bytes,
    n,
    mime,
    onProgress,
    signal,
  );

const never = new AbortController().signal;

describe('Library.source', () => {
  it('gives a PDF’s original bytes with its text and pages, and a text document’s text without bytes', async () => {
    const store = await openKnowledgeBase({ name: 'library-source', storage: null });
    const lib = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder() });
    await lib.open();
    const { document: pdf } = await lib.ingest(file('report.pdf', 'application/pdf', PDF_BYTES), () => {}, never);
    const { document: md } = await lib.ingest(file('notes.md', 'text/markdown', new TextEncoder().encode('# Bees\n\nHoney harvest reached 212 kilograms.\n')), () => {}, never);

    const a = await lib.source(pdf.id);
    expect(a.document.id).toBe(pdf.id);
    expect(a.bytes && new TextDecoder().decode(a.bytes)).toBe('%PDF-1.4 stand-in bytes');
    expect(a.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(a.text.slice(a.pages[1].start, a.pages[1].end)).toBe('The hatchery doubled.');

    const b = await lib.source(md.id);
    expect(b.bytes).toBeUndefined();
    expect(b.text).toContain('Honey harvest reached 212 kilograms.');

    await expect(lib.source('gone')).rejects.toThrow('no longer in the library');
  });

  it('gives a copy of a PDF still being embedded, so a transferred one leaves the file whole for storing', async () => {
    const store = await openKnowledgeBase({ name: 'library-source-embedding', storage: null });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = new FakeEmbedder();
    const slow = { id: inner.id, dim: inner.dim, embed: async (texts: string[], signal?: AbortSignal) => (texts.length > 1 && (await gate), inner.embed(texts, signal)) };
    const lib = new Library({ store, parse, loadEmbedder: async () => slow as unknown as FakeEmbedder });
    await lib.open();
    let searchable!: () => void;
    const isSearchable = new Promise<void>((resolve) => (searchable = resolve));
    const done = lib.ingest(file('report.pdf', 'application/pdf', PDF_BYTES), (e) => e.stage === 'searchable' && searchable(), never);
    await isSearchable;

    const docId = (await lib.search('kelp harvest')).hits[0].chunk.docId;
    const first = await lib.source(docId);
    expect(first.bytes && new TextDecoder().decode(first.bytes)).toBe('%PDF-1.4 stand-in bytes');
    structuredClone(first.bytes, { transfer: [first.bytes!.buffer] }); // as the library worker hands it to the page
    const second = await lib.source(docId);
    expect(second.bytes && new TextDecoder().decode(second.bytes)).toBe('%PDF-1.4 stand-in bytes');

    release();
    const { document } = await done;
    const stored = await lib.source(document.id);
    expect(stored.bytes && new TextDecoder().decode(stored.bytes)).toBe('%PDF-1.4 stand-in bytes');
  });
});
