import type { ChunkerSettings } from '../../core/settings';
import type { DocumentId, ParsedDocument } from '../../core/types';
import { fileRecord } from '../bundle';
import type { DocumentSource, IncomingFile } from './types';

/** A file as read and parsed, before it is embedded. */
export interface ReadDocument {
  parsed: ParsedDocument;
  name: string;
  file: IncomingFile;
  bytes: Uint8Array;
}

/**
 * What the source viewer needs of a document still being embedded: its parsed text and pages,
 * and for a PDF the file itself, so a keyword hit or a citation opens where it came from before
 * the document is stored. The record is provisional: its counts and model are known only once
 * the document is added, and the stored record replaces it then.
 */
export function provisionalSource(docId: DocumentId, read: ReadDocument, title: string, chunker: ChunkerSettings, chunkCount: number): DocumentSource {
  const { parsed, name, file, bytes } = read;
  const fields = fileRecord({ docId, name, mime: file.type, size: bytes.byteLength, addedAt: Date.now(), parsed, chunker });
  return {
    document: { ...fields, title, sentenceCount: 0, chunkCount, embedderId: '' },
    text: parsed.text,
    pages: parsed.pages,
    bytes: parsed.kind === 'pdf' ? bytes : undefined,
  };
}
