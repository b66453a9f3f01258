/** Test-only builders of consistent document bundles with recognisable contents. */
import { buildSegment, type KeywordSegment } from '../core/search';
import type { KnowledgeBaseSnapshot, DocumentBundle } from '../core/kb';
import type { KnowledgeBaseStore } from '../adapters/store/knowledge-base';
import type { Chunk } from '../core/types';
import { DEFAULT_CHUNKER } from '../core/settings';

interface BundleShape {
  chunks?: number;
  dim?: number;
  sentencesPerChunk?: number;
  addedAt?: number;
  chunkChars?: number;
  embedderId?: string;
}

/** Deterministic, document-specific floats so a mix-up between documents shows. */
function seeded(seed: number, length: number): Float32Array {
  const out = new Float32Array(length);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x / 2 ** 32 - 0.5;
  }
  return out;
}

function seedOf(id: string): number {
  let h = 7;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

export function makeBundle(id: string, shape: BundleShape = {}): DocumentBundle {
  const { chunks: chunkCount = 3, dim = 4, sentencesPerChunk = 2, addedAt = Date.now(), chunkChars = 60, embedderId = 'test-embedder' } = shape;
  const seed = seedOf(id);
  const sentenceChars = Math.max(2, Math.floor(chunkChars / sentencesPerChunk));
  const sentences: Array<{ start: number; end: number }> = [];
  const chunks: Chunk[] = [];
  let text = '';
  for (let c = 0; c < chunkCount; c++) {
    const start = text.length;
    for (let s = 0; s < sentencesPerChunk; s++) {
      const from = text.length;
      text += `${id} s${sentences.length} `.padEnd(sentenceChars - 1, 'x') + '.';
      sentences.push({ start: from, end: text.length });
      text += ' ';
    }
    chunks.push({
      id: `${id}#${c}`,
      docId: id,
      index: c,
      text: text.slice(start, text.length - 1),
      start,
      end: text.length - 1,
      pageStart: c + 1,
      pageEnd: c + 1,
      sectionPath: ['Part', `Section ${c}`],
      sentenceStart: c * sentencesPerChunk,
      sentenceEnd: (c + 1) * sentencesPerChunk,
    });
  }
  const bytes = new TextEncoder().encode(`%PDF-fake ${id}`);
  return {
    document: {
      id,
      name: `${id}.pdf`,
      kind: 'pdf',
      mime: 'application/pdf',
      size: bytes.byteLength,
      addedAt,
      title: `Title of ${id}`,
      charCount: text.length,
      pageCount: chunkCount,
      sentenceCount: sentences.length,
      chunkCount,
      chunker: DEFAULT_CHUNKER,
      embedderId,
      warnings: [`warning for ${id}`],
    },
    file: { docId: id, bytes: bytes.buffer.slice(0), mime: 'application/pdf' },
    text: {
      docId: id,
      text,
      pages: chunks.map((c, i) => ({ page: i + 1, start: c.start, end: c.end })),
      sections: chunks.map((c) => ({ start: c.start, end: c.end, path: c.sectionPath })),
      sentences,
      neighbourSims: seeded(seed + 1, Math.max(0, sentences.length - 1)),
    },
    chunks: { docId: id, chunks },
    vectors: { docId: id, embedderId, dim, data: seeded(seed, chunkCount * dim) },
  };
}

let counter = 0;
/** A database name no other test uses. */
export function freshName(label = 'kb'): string {
  return `${label}-${Date.now()}-${counter++}-${Math.random().toString(36).slice(2)}`;
}

/** A small keyword segment recognisable by its label, standing in for a document's index. */
export function keywordsLabelled(label: string): KeywordSegment {
  return buildSegment(
    [{ id: label, text: label }],
    (t) => t.split(' '),
    (t) => t,
  );
}

/** Vectors read back from storage: 8-bit rows, so each value within half a quantization step of what was written. */
export function expectVectorsClose(actual: ArrayLike<number>, expected: ArrayLike<number>): void {
  if (actual.length !== expected.length) throw new Error(`expected ${expected.length} values, got ${actual.length}`);
  for (let i = 0; i < actual.length; i++) {
    if (Math.abs(actual[i] - expected[i]) > 0.005) throw new Error(`value ${i}: ${actual[i]} is not within 0.005 of ${expected[i]}`);
  }
}

/** Everything stored for search, chunk texts and float vectors included (what tests compare). */
export async function loadAll(store: KnowledgeBaseStore): Promise<KnowledgeBaseSnapshot> {
  const index = await store.loadIndex();
  const chunks = await Promise.all(index.documents.map((d) => store.getChunks(d.id)));
  const vectors = await Promise.all(index.documents.map((d) => store.getVectors(d.id)));
  return {
    documents: index.documents,
    chunks: chunks.filter((c) => c !== undefined),
    vectors: vectors.filter((v) => v !== undefined),
    keywords: index.keywords,
    ...(index.revision === undefined ? {} : { revision: index.revision }),
  };
}
