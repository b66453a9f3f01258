import type { DocumentId, ParsedDocument } from '../core/types';
import type { ChunkerSettings } from '../core/settings';
import { type DocumentBundle, type DocumentRecord, INDEX_VERSION } from '../core/kb';
import type { BuiltDocument } from '../core/ingest';

interface BundleInput {
  docId: DocumentId;
  name: string;
  mime: string;
  bytes: ArrayBuffer;
  addedAt: number;
  parsed: ParsedDocument;
  built: BuiltDocument;
  chunker: ChunkerSettings;
  embedder: { id: string; dim: number };
  /** The language model that chose the chunk boundaries, for LLM-boundary chunking. */
  chunkerModel?: string;
  /** The language model's summary in the chunk headers. */
  summary?: string;
  /** SHA-256 of the file's bytes, hex. */
  contentHash?: string;
}

type FileFields = 'id' | 'name' | 'kind' | 'mime' | 'size' | 'addedAt' | 'charCount' | 'pageCount' | 'chunker' | 'warnings';

/** What a document's record says of its file as read and parsed: the same before it is embedded (provisional) and once stored. */
export function fileRecord(b: Pick<BundleInput, 'docId' | 'name' | 'mime' | 'addedAt' | 'parsed' | 'chunker'> & { size: number }): Pick<DocumentRecord, FileFields> {
  return {
    id: b.docId,
    name: b.name,
    kind: b.parsed.kind,
    mime: b.mime,
    size: b.size,
    addedAt: b.addedAt,
    charCount: b.parsed.text.length,
    pageCount: b.parsed.pages.length,
    chunker: b.chunker,
    warnings: b.parsed.warnings,
  };
}

/** Everything the store keeps for one document, from what ingest produced. */
export function makeBundle(b: BundleInput): DocumentBundle {
  const document: DocumentRecord = {
    ...fileRecord({ ...b, size: b.bytes.byteLength }),
    title: b.built.card.title,
    card: b.built.card,
    sentenceCount: b.built.sentences.length,
    chunkCount: b.built.chunks.length,
    embedderId: b.embedder.id,
    indexVersion: INDEX_VERSION,
    ...(b.chunkerModel ? { chunkerModel: b.chunkerModel } : {}),
    ...(b.summary ? { summary: b.summary } : {}),
    ...(b.contentHash ? { contentHash: b.contentHash } : {}),
  };
  return {
    document,
    file: { docId: b.docId, bytes: b.bytes, mime: b.mime },
    text: {
      docId: b.docId,
      text: b.parsed.text,
      pages: b.parsed.pages,
      sections: b.parsed.sections,
      sentences: b.built.sentences.map(({ start, end }) => ({ start, end })),
      neighbourSims: b.built.neighbourSims,
      tables: b.built.tables,
    },
    chunks: { docId: b.docId, chunks: b.built.chunks },
    vectors: { docId: b.docId, embedderId: b.embedder.id, dim: b.embedder.dim, data: b.built.vectors },
  };
}
