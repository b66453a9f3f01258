import type { Chunk, DocumentId, PageSpan, SectionSpan } from '../types';
import { pageRange, sectionPathAt } from './locate';

export interface ChunkSource {
  docId: DocumentId;
  text: string;
  pages: PageSpan[];
  sections: SectionSpan[];
}

export function makeChunk(src: ChunkSource, index: number, start: number, end: number, sentenceStart: number, sentenceEnd: number): Chunk {
  return {
    id: `${src.docId}#${index}`,
    docId: src.docId,
    index,
    text: src.text.slice(start, end),
    start,
    end,
    ...pageRange(src.pages, start, end),
    sectionPath: sectionPathAt(src.sections, start),
    sentenceStart,
    sentenceEnd,
  };
}

export function sameSection(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
