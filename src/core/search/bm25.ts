import MiniSearch, { type SearchResult } from 'minisearch';
import type { Chunk, DocumentId } from '../types';
import { STOPWORDS } from './stopwords';

interface IndexedChunk {
  id: string;
  docId: DocumentId;
  text: string;
}

const OPTIONS = {
  fields: ['text'],
  storeFields: ['docId'],
  processTerm: (term: string) => {
    const t = term.toLowerCase();
    return t.length === 0 || STOPWORDS.has(t) ? null : t;
  },
};

export interface KeywordHit {
  id: string;
  score: number;
  terms: string[];
}

/** BM25 keyword index over chunks (MiniSearch's BM25+), serialisable for persistence. */
export class KeywordIndex {
  private index: MiniSearch<IndexedChunk>;

  private constructor(index: MiniSearch<IndexedChunk>) {
    this.index = index;
  }

  static create(): KeywordIndex {
    return new KeywordIndex(new MiniSearch<IndexedChunk>(OPTIONS));
  }

  static fromJSON(json: string): KeywordIndex {
    return new KeywordIndex(MiniSearch.loadJSON<IndexedChunk>(json, OPTIONS));
  }

  /** `indexText` lets a caller index more than the chunk's own text (e.g. a contextual header). */
  add(chunks: Chunk[], indexText: (c: Chunk) => string = (c) => c.text): void {
    this.index.addAll(chunks.map((c) => ({ id: c.id, docId: c.docId, text: indexText(c) })));
  }

  remove(chunkIds: string[]): void {
    for (const id of chunkIds) if (this.index.has(id)) this.index.discard(id);
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** Every chunk matching at least one query term, best first. */
  search(query: string, docIds?: ReadonlySet<DocumentId>): KeywordHit[] {
    const filter = docIds ? (r: SearchResult) => docIds.has(r.docId as DocumentId) : undefined;
    return this.index
      .search(query, { combineWith: 'OR', prefix: false, fuzzy: false, filter })
      .map((r) => ({ id: String(r.id), score: r.score, terms: r.terms }));
  }

  toJSON(): string {
    return JSON.stringify(this.index);
  }
}
