/**
 * Rough timing of the page-load read on fake-indexeddb (real browsers differ; measure there too).
 * Skipped unless SIEVE_BENCH=1: `SIEVE_BENCH=1 npx vitest run src/adapters/store/load-all.bench.test.ts`
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from './knowledge-base';
import { freshName, makeBundle } from './testing/fixtures';

const DOCS = 10;
const CHUNKS = 1000;
const DIM = 512;

describe.skipIf(!process.env.SIEVE_BENCH)('loadAll at knowledge-base scale', () => {
  it(`reads ${DOCS} documents × ${CHUNKS} chunks × ${DIM}-d`, async () => {
    const store = await openKnowledgeBase({ name: freshName('bench'), storage: null });
    const index = JSON.stringify({ postings: 'x'.repeat(8_000_000) });
    let addMs = 0;
    for (let d = 0; d < DOCS; d++) {
      const bundle = makeBundle(`doc${d}`, { chunks: CHUNKS, dim: DIM, sentencesPerChunk: 3, chunkChars: 480, addedAt: d });
      const t = performance.now();
      await store.addDocument(bundle, index);
      addMs += performance.now() - t;
    }
    const runs: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      const all = await store.loadAll();
      runs.push(performance.now() - t);
      expect(all.vectors.reduce((n, v) => n + v.data.length, 0)).toBe(DOCS * CHUNKS * DIM);
      expect(all.chunks.reduce((n, c) => n + c.chunks.length, 0)).toBe(DOCS * CHUNKS);
    }
    store.close();
    runs.sort((a, b) => a - b);
    console.log(
      `addDocument: ${(addMs / DOCS).toFixed(1)} ms per document; loadAll: median ${runs[2].toFixed(1)} ms, min ${runs[0].toFixed(1)} ms, max ${runs[4].toFixed(1)} ms`,
    );
  }, 120_000);
});
