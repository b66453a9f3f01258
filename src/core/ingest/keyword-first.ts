import type { Chunk, DocumentId, ParsedDocument } from '../types';
import type { ChunkerSettings } from '../settings';
import { documentUnits } from './units';
import { unitLimit } from './build';
import { fixedChunks, chunkHeader } from '../chunk';
import { describeDocument } from '../card';

interface KeywordFirstInput {
  docId: DocumentId;
  parsed: ParsedDocument;
  fileName?: string;
  chunker: ChunkerSettings;
}

/**
 * Chunks a document can be searched by keyword with as soon as it is parsed, while its
 * vectors are computed (minutes for a long filing). Semantic and LLM boundaries need the
 * model, so these are windows of the chunker's largest size on word boundaries, with the same
 * contextual headers; the finished document's chunks replace them. For the fixed-size chunker
 * they are already the final chunks.
 */
export function keywordFirstChunks({ docId, parsed, fileName, chunker }: KeywordFirstInput): Chunk[] {
  const sentences = documentUnits(parsed.text, parsed.sections, unitLimit(chunker));
  const size = chunker.kind === 'fixed' ? chunker.size : chunker.maxChars;
  const overlap = chunker.kind === 'fixed' ? chunker.overlap : 0;
  const { chunks } = fixedChunks({ docId, text: parsed.text, pages: parsed.pages, sections: parsed.sections, sentences, size, overlap });
  if (chunker.headers !== false) {
    const card = describeDocument(parsed, fileName ?? docId);
    for (const c of chunks) c.header = chunkHeader(card.title, c.sectionPath, card.about || undefined);
  }
  return chunks;
}
