import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../adapters/store';
import { FakeEmbedder } from '../testing/fake-embedder';
import { Library, type IncomingFile, type LibraryDeps } from './library';
import { parseFile } from './parse-file';

function file(name: string, text: string): IncomingFile {
  const bytes = new TextEncoder().encode(text);
  return { name, type: 'text/markdown', size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(0) as ArrayBuffer };
}

const parse: LibraryDeps['parse'] = (bytes, n, mime, onProgress, signal) =>
  parseFile({ pdf: async () => Promise.reject(new Error('no pdf here')), docx: async () => Promise.reject(new Error('no docx')) }, bytes, n, mime, onProgress, signal);

const never = new AbortController().signal;

async function library() {
  const store = await openKnowledgeBase({ name: 'routing-search', storage: null });
  const embedder = new FakeEmbedder();
  const lib = new Library({ store, parse, loadEmbedder: async () => embedder });
  await lib.open();
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
