/**
 * How the knowledge base scales with the number of filings it holds: the cost of adding and
 * deleting one document as the library grows (it must stay flat: no whole-library record is
 * rewritten), the time from opening to searchable, and hybrid query time, over synthetic filings
 * (scripts/synthetic-filings.ts) stored through the real store on fake-indexeddb (an in-memory
 * IndexedDB written in JavaScript, so absolute storage times differ from a browser's).
 *   npm run bench:scale -- [--docs 100] [--per-doc 2000] [--dim 384] [--rounds 3]
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { openKnowledgeBase } from '../src/adapters/store';
import { KnowledgeBase, type DocumentBundle } from '../src/core/kb';
import type { Embedder } from '../src/core/embed';
import { DEFAULT_CHUNKER } from '../src/core/settings';
import { Library } from '../src/services/library';
import { median } from '../src/core/eval';
import { BENCH_QUESTIONS, lcg, randomUnitRows, syntheticFilings } from './synthetic-filings';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '100' },
    'per-doc': { type: 'string', default: '2000' },
    dim: { type: 'string', default: '384' },
    rounds: { type: 'string', default: '3' },
  },
});
const docs = Number(values.docs);
const perDoc = Number(values['per-doc']);
const dim = Number(values.dim);
const rounds = Number(values.rounds);

const gaussian = lcg(99);
const unitRows = (rows: number) => randomUnitRows(rows, dim, gaussian);

/** Document k of the library: a synthetic filing as a complete stored bundle. */
function filing(k: number): DocumentBundle {
  const [{ chunks: raw }] = syntheticFilings(perDoc, perDoc, 1000 + k).documents;
  const docId = `filing-${k}`;
  const chunks = raw.map((c) => ({ ...c, id: `${docId}#${c.index}`, docId }));
  const name = `filing-${k}.pdf`;
  return {
    document: {
      id: docId,
      name,
      kind: 'pdf',
      mime: 'application/pdf',
      size: 1,
      addedAt: k,
      title: chunks[0].header ?? name,
      charCount: 0,
      pageCount: 0,
      sentenceCount: 0,
      chunkCount: chunks.length,
      chunker: DEFAULT_CHUNKER,
      embedderId: 'bench',
      warnings: [],
    },
    file: { docId, bytes: new ArrayBuffer(1), mime: 'application/pdf' },
    text: { docId, text: '', pages: [], sections: [], sentences: [], neighbourSims: new Float32Array(0) },
    chunks: { docId, chunks },
    vectors: { docId, embedderId: 'bench', dim, data: unitRows(chunks.length) },
  };
}

/** Queries get a random unit vector: dense cost does not depend on what the vector holds. */
const embedder: Embedder = { id: 'bench', dim, embed: async (texts) => texts.map(() => unitRows(1)) };

const store = await openKnowledgeBase({ name: 'bench-scale', storage: null });
const kb = new KnowledgeBase(dim);
const adds: Array<{ at: number; indexMs: number; persistMs: number }> = [];
const report = new Set([1, 2, 5, 10, 25, 50, 100, 200, 250, 500, docs]);
console.log(`${docs} filings × ${perDoc} chunks = ${(docs * perDoc).toLocaleString('en')} chunks, ${dim}-d vectors`);
for (let k = 1; k <= docs; k++) {
  const bundle = filing(k);
  // What Library does for an ingest, re-index or import once a document is built.
  let t = performance.now();
  kb.addDocument(bundle.document.id, bundle.chunks.chunks, bundle.vectors.data);
  const keywords = kb.keywordSegment(bundle.document.id);
  const indexMs = performance.now() - t;
  t = performance.now();
  await store.addDocuments([{ bundle, keywords }]);
  adds.push({ at: k, indexMs, persistMs: performance.now() - t });
  if (report.has(k)) console.log(`add filing ${String(k).padStart(4)}: index ${indexMs.toFixed(0).padStart(5)} ms, store ${(performance.now() - t).toFixed(0).padStart(5)} ms`);
}
const early = adds.slice(0, Math.max(1, Math.ceil(docs / 10)));
const late = adds.slice(-Math.max(1, Math.ceil(docs / 10)));
const cost = (a: typeof adds) => median(a.map((x) => x.indexMs + x.persistMs));
console.log(`add cost, median of the first and last tenth: ${cost(early).toFixed(0)} ms → ${cost(late).toFixed(0)} ms (ratio ${(cost(late) / cost(early)).toFixed(2)})`);

const deletes: number[] = [];
for (const k of [Math.ceil(docs / 2), 1, docs].filter((k, i, all) => all.indexOf(k) === i)) {
  const t = performance.now();
  kb.removeDocument(`filing-${k}`);
  await store.deleteDocument(`filing-${k}`);
  deletes.push(performance.now() - t);
}
console.log(`delete one filing: median ${median(deletes).toFixed(0)} ms (of ${deletes.length})`);

const reads: number[] = [];
for (let r = 0; r < 2; r++) {
  const t = performance.now();
  await store.loadIndex();
  reads.push(performance.now() - t);
}
console.log(`reading what opening needs (documents, vectors, keyword segments; no chunk texts): median ${median(reads).toFixed(0)} ms`);
const reloads: number[] = [];
let library: Library | undefined;
for (let r = 0; r < Math.min(rounds, 2); r++) {
  const t = performance.now();
  library = new Library({
    store,
    parse: async () => {
      throw new Error('not used');
    },
    loadEmbedder: async () => embedder,
  });
  await library.open();
  reloads.push(performance.now() - t);
}
console.log(`open to searchable (${library!.listDocuments().length} filings): median ${median(reloads).toFixed(0)} ms`);

const query: number[] = [];
const cold: number[] = [];
for (const q of BENCH_QUESTIONS) {
  const t = performance.now();
  await library!.search(q);
  cold.push(performance.now() - t);
}
console.log(`first searches after opening (chunk texts of the results' documents read from storage): median ${median(cold).toFixed(0)} ms, first ${cold[0].toFixed(0)} ms`);
for (let r = 0; r < rounds; r++) {
  for (const q of BENCH_QUESTIONS) {
    const t = performance.now();
    await library!.search(q);
    query.push(performance.now() - t);
  }
}
query.sort((a, b) => a - b);
console.log(`hybrid search (Library.search, ${query.length} queries): median ${median(query).toFixed(1)} ms, p90 ${query[Math.floor(query.length * 0.9)].toFixed(1)} ms`);
const mem = process.memoryUsage();
console.log(`memory: heapUsed ${Math.round(mem.heapUsed / 2 ** 20)} MB, rss ${Math.round(mem.rss / 2 ** 20)} MB`);
store.close();
