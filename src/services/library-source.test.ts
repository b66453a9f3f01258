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
});
