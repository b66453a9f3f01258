import MiniSearch from 'minisearch';
import type { Chunk, DocumentId } from '../types';
import { STOPWORDS } from './stopwords';
import { Bm25Scorer, type Bm25Scores } from './bm25-scorer';
import { tokenize } from './tokenize';

interface IndexedChunk {
  id: string;
  docId: DocumentId;
  text: string;
}

const processTerm = (term: string): string | null => {
  const t = term.toLowerCase();
  return t.length === 0 || STOPWORDS.has(t) ? null : t;
};

const OPTIONS = {
  fields: ['text'],
  storeFields: ['docId'],
  tokenize,
  processTerm,
};

export interface KeywordHit {
  id: string;
  score: number;
  terms: string[];
}

export type { Bm25Scores } from './bm25-scorer';

/**
 * BM25 keyword index over chunks (MiniSearch's BM25+), serialisable for persistence. Queries
 * are scored by Bm25Scorer over MiniSearch's index (same scores, far faster on large indexes);
 * the persisted JSON is MiniSearch's own, unchanged.
 */
export class KeywordIndex {
  private index: MiniSearch<IndexedChunk>;
  private scorer: Bm25Scorer;

  private constructor(index: MiniSearch<IndexedChunk>) {
    this.index = index;
    this.scorer = new Bm25Scorer(index as MiniSearch<unknown>, 'text', 'docId', processTerm, tokenize);
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
    this.scorer.invalidate();
  }

  remove(chunkIds: string[]): void {
    for (const id of chunkIds) if (this.index.has(id)) this.index.discard(id);
    this.scorer.invalidate();
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** Scores every chunk matching at least one query term; read the best with `.top(k)`. */
  score(query: string, docIds?: ReadonlySet<DocumentId>): Bm25Scores {
    return this.scorer.score(query, docIds);
  }

  /** Every chunk matching at least one query term, best first. */
  search(query: string, docIds?: ReadonlySet<DocumentId>): KeywordHit[] {
    const scores = this.score(query, docIds);
    return scores.top(scores.total);
  }

  toJSON(): string {
    return JSON.stringify(this.index);
  }
}
