import { describe, expect, it } from 'vitest';
import { buildDocument } from './build';
import { FakeEmbedder } from '../../testing/fake-embedder';
import type { ParsedDocument, Progress } from '../types';

function doc(text: string): ParsedDocument {
  return { kind: 'text', title: 'T', text, pages: [{ page: 1, start: 0, end: text.length }], sections: [], warnings: [] };
}

const TEXT = 'Kelp farms grow kelp on long lines. Kelp farms harvest kelp lines in spring. ' + 'The ferry leaves at noon. The ferry returns at dusk.';

describe('buildDocument: embedding sentences and chunks', () => {
  it('embeds sentences, merges similar neighbours and reuses vectors of one-sentence chunks', async () => {
    const embedder = new FakeEmbedder();
    const events: Progress[] = [];
    const built = await buildDocument({
      docId: 'd',
      parsed: doc(TEXT),
      embedder,
      chunker: { kind: 'semantic', threshold: 0.3, maxChars: 500, headers: false },
      chunkVectors: 'embed',
      onProgress: (p) => events.push(p),
    });
    expect(built.sentences.map((s) => s.text)).toHaveLength(4);
    expect(built.chunks.map((c) => c.text)).toEqual([
      'Kelp farms grow kelp on long lines. Kelp farms harvest kelp lines in spring.',
      'The ferry leaves at noon. The ferry returns at dusk.',
    ]);
    // rows are the chunk texts' own vectors, in chunk order
    built.chunks.forEach((c, i) => {
      const row = built.vectors.subarray(i * embedder.dim, (i + 1) * embedder.dim);
      expect(Array.from(row)).toEqual(Array.from(embedder.vector(c.text)));
    });
    expect(built.neighbourSims).toHaveLength(3);
    expect(built.neighbourSims[1]).toBeLessThan(0.3);
    expect(events.some((e) => e.stage === 'embedding' && e.done === e.total && e.total > 0)).toBe(true);
    expect(events.some((e) => e.stage === 'chunking')).toBe(true);
  });

  it('sends texts to the model shortest first and in batches of the given size', async () => {
    const embedder = new FakeEmbedder();
    await buildDocument({ docId: 'd', parsed: doc(TEXT), embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500, headers: false }, batchSize: 3 });
    const first = embedder.calls[0];
    expect(first).toHaveLength(3);
    expect(first.map((t) => t.length)).toEqual([...first.map((t) => t.length)].sort((a, b) => a - b));
    // threshold 2: every sentence is its own chunk, so no chunk needs a second embedding
    expect(embedder.calls.flat()).toHaveLength(4);
  });

  it('embeds fixed-size chunks and still records neighbour similarities', async () => {
    const embedder = new FakeEmbedder();
    const built = await buildDocument({ docId: 'd', parsed: doc(TEXT), embedder, chunker: { kind: 'fixed', size: 60, overlap: 10 } });
    expect(built.chunks.length).toBeGreaterThan(1);
    expect(built.neighbourSims).toHaveLength(built.sentences.length - 1);
    expect(built.vectors.length).toBe(built.chunks.length * embedder.dim);
  });

  it('by default averages sentence vectors for multi-sentence semantic chunks instead of embedding them', async () => {
    const embedder = new FakeEmbedder();
    const built = await buildDocument({ docId: 'd', parsed: doc(TEXT), embedder, chunker: { kind: 'semantic', threshold: 0.3, maxChars: 500, headers: false } });
    expect(embedder.calls.flat()).toHaveLength(4); // sentences only
    const a = embedder.vector('Kelp farms grow kelp on long lines.');
    const b = embedder.vector('Kelp farms harvest kelp lines in spring.');
    const mean = a.map((x, j) => x + b[j]);
    const norm = Math.hypot(...mean);
    const row = built.vectors.subarray(0, embedder.dim);
    row.forEach((x, j) => expect(x).toBeCloseTo(mean[j] / norm, 5));
  });

  it('stops when aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(
      buildDocument({ docId: 'd', parsed: doc(TEXT), embedder: new FakeEmbedder(), chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500 }, signal: ac.signal }),
    ).rejects.toThrow();
  });
});

describe('buildDocument: repeated sentences, tables and headers', () => {
  it('embeds a repeated sentence once and gives every copy its vector', async () => {
    const embedder = new FakeEmbedder();
    const text = 'Read the notes. Kelp grows fast. Read the notes.';
    const built = await buildDocument({ docId: 'd', parsed: doc(text), embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500, headers: false } });
    expect(embedder.calls.flat().sort()).toEqual(['Kelp grows fast.', 'Read the notes.']);
    expect(built.chunks).toHaveLength(3);
    expect(Array.from(built.vectors.subarray(2 * embedder.dim, 3 * embedder.dim))).toEqual(Array.from(embedder.vector('Read the notes.')));
  });

  it('keeps a table together as one unit and embeds its labels without the figures', async () => {
    const embedder = new FakeEmbedder();
    const text = 'Kelp sales grew.\n\nIncome statement:\nRevenues | $9,070 | $9,061\nNet income | 950 | 1,249';
    const built = await buildDocument({ docId: 'd', parsed: doc(text), embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500, headers: false } });
    expect(built.sentences.map((s) => s.text)).toEqual(['Kelp sales grew.', 'Income statement:\nRevenues | $9,070 | $9,061\nNet income | 950 | 1,249']);
    expect(built.chunks[1].text).toContain('$9,070'); // the chunk (and BM25) keep the figures
    expect(embedder.calls.flat()).toContain('Income statement:\nRevenues\nNet income');
  });

  it('gives chunks a contextual header, searched and embedded with them but not part of their text', async () => {
    const embedder = new FakeEmbedder();
    const text = 'Kelp grows fast. Kelp is harvested in spring.';
    const parsed: ParsedDocument = { ...doc(text), title: 'Seaweed report', sections: [{ start: 0, end: text.length, path: ['Farming', 'Harvest'] }] };
    const plain = await buildDocument({ docId: 'd', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500 } });
    expect(plain.chunks.map((c) => c.header)).toEqual(['Seaweed report › Farming › Harvest', 'Seaweed report › Farming › Harvest']);
    expect(plain.chunks[0].text).toBe('Kelp grows fast.');
    // by default the header is for search only: the vector is the sentence's own
    expect(Array.from(plain.vectors.subarray(0, embedder.dim))).toEqual(Array.from(embedder.vector('Kelp grows fast.')));
    expect(embedder.calls.flat().some((t) => t.startsWith('Seaweed report'))).toBe(false);

    const built = await buildDocument({ docId: 'd', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500 }, headerVectors: true });
    // the one distinct header is embedded once and blended in by its share of header + text
    const header = 'Seaweed report › Farming › Harvest';
    expect(embedder.calls.flat().filter((t) => t.startsWith('Seaweed report'))).toEqual([header]);
    const a = embedder.vector('Kelp grows fast.');
    const h = embedder.vector(header);
    const w = header.length / (header.length + 'Kelp grows fast.'.length);
    const sum = a.map((x, j) => (1 - w) * x + w * h[j]);
    const norm = Math.hypot(...sum);
    built.vectors.subarray(0, embedder.dim).forEach((x, j) => expect(x).toBeCloseTo(sum[j] / norm, 5));

    const fixed = await buildDocument({ docId: 'd', parsed, embedder, chunker: { kind: 'fixed', size: 100, overlap: 0 }, headerVectors: true });
    expect(embedder.calls.flat()).toContain(`Seaweed report › Farming › Harvest\n${text}`);
    expect(fixed.chunks[0].header).toBe('Seaweed report › Farming › Harvest');

    // the chunker setting asks for the same, unless headers are off
    const fromSetting = await buildDocument({ docId: 'd', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500, headerVectors: true } });
    expect(Array.from(fromSetting.vectors)).toEqual(Array.from(built.vectors));
    const off = await buildDocument({ docId: 'd', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 500, headers: false, headerVectors: true } });
    expect(Array.from(off.vectors.subarray(0, embedder.dim))).toEqual(Array.from(embedder.vector('Kelp grows fast.')));
  });
});
