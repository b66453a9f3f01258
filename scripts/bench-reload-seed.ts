/**
 * The synthetic filings of scripts/bench-reload.ts, and (in the page) a seeder that writes them
 * straight into the app's IndexedDB through the app's own store code (adapters/store
 * addDocuments: documents, files, texts, keyword segments, chunk and int8 vector parts), one
 * filing per transaction, instead of importing export archives through the UI. The records are
 * exactly those an import writes: the keyword segment comes from the same KnowledgeBase call
 * (`keywordSegment` after `addDocument` with the chunks, as Library.addBundles does).
 */
import type { DocumentBundle } from '../src/core/kb';
import { DEFAULT_CHUNKER } from '../src/core/settings';
import { lcg, randomUnitRows, syntheticFilings } from './synthetic-filings';

export const DIM = 512;
export const EMBEDDER = 'use-lite-512';

/** Filing k (1-based) of `perDoc` chunks; vectors drawn from `rand`. */
export function filing(k: number, perDoc: number, rand: () => number): DocumentBundle {
  const [{ chunks: raw }] = syntheticFilings(perDoc, perDoc, 2000 + k).documents;
  const docId = `filing-${k}`;
  let text = '';
  const chunks = raw.map((c) => {
    const start = text.length;
    text += c.text + '\n\n';
    return { ...c, id: `${docId}#${c.index}`, docId, start, end: start + c.text.length };
  });
  const name = `filing-${k}.txt`;
  return {
    document: {
      id: docId,
      name,
      kind: 'text',
      mime: 'text/plain',
      size: text.length,
      addedAt: k,
      title: chunks[0].header?.split(' › ')[0] ?? name,
      charCount: text.length,
      pageCount: 0,
      sentenceCount: 0,
      chunkCount: chunks.length,
      chunker: DEFAULT_CHUNKER,
      embedderId: EMBEDDER,
      warnings: [],
      indexVersion: 4,
    },
    file: { docId, bytes: new TextEncoder().encode(text).buffer as ArrayBuffer, mime: 'text/plain' },
    text: { docId, text, pages: [], sections: [], sentences: [], neighbourSims: new Float32Array(0) },
    chunks: { docId, chunks },
    vectors: { docId, embedderId: EMBEDDER, dim: DIM, data: randomUnitRows(chunks.length, DIM, rand) },
  };
}

/** Runs in the page (bundled by bench-reload.ts): stores filings from..to; resolves to ms taken. */
export async function seedFilings(from: number, to: number, perDoc: number): Promise<number> {
  const [{ openKnowledgeBase }, { KnowledgeBase }, { withDefaults }] = await Promise.all([
    import('../src/adapters/store'),
    import('../src/core/kb/knowledge-base'),
    import('../src/core/settings'),
  ]);
  const t = performance.now();
  const store = await openKnowledgeBase({ storage: null });
  try {
    if (from === 1) await store.putSettings(withDefaults(undefined));
    for (let k = from; k <= to; k++) {
      const bundle = filing(k, perDoc, lcg(5 + k));
      const kb = new KnowledgeBase(DIM);
      kb.addDocument(bundle.document.id, bundle.chunks.chunks, bundle.vectors.data);
      await store.addDocuments([{ bundle, keywords: kb.keywordSegment(bundle.document.id) }]);
    }
  } finally {
    store.close();
  }
  return performance.now() - t;
}
