import type { Chunk, DocumentId } from '../types';
import { STOPWORDS } from './stopwords';
import { Bm25Scorer, type Bm25Scores } from './bm25-scorer';
import { buildSegment, chunkIdAt, isSegment, type KeywordSegment } from './segment';
import { tokenize } from './tokenize';

const processTerm = (term: string): string | null => {
  const t = term.toLowerCase();
  return t.length === 0 || STOPWORDS.has(t) ? null : t;
};

export interface KeywordHit {
  id: string;
  docId: DocumentId;
  score: number;
  terms: string[];
}

export type { Bm25Scores } from './bm25-scorer';
export type { KeywordSegment } from './segment';

/**
 * BM25 keyword index over chunks, kept as one segment per document: adding, deleting or storing
 * a document touches its segment only, and a segment is stored as the flat arrays it is searched
 * in (see segment.ts). Tokens come from MiniSearch's tokenizer (tokenize.ts) and queries are
 * scored over all segments at once, exactly as one MiniSearch index over every chunk would score
 * them (BM25+, see bm25-scorer.ts).
 */
export class KeywordIndex {
  private segments = new Map<DocumentId, KeywordSegment>();
  private scorer = new Bm25Scorer(() => this.segments, tokenize, processTerm);

  static create(): KeywordIndex {
    return new KeywordIndex();
  }

  /**
   * Indexes chunks, each document's as its own segment (replacing any it had); `indexText`
   * lets a caller index more than the chunk's own text (e.g. a contextual header).
   */
  add(chunks: Chunk[], indexText: (c: Chunk) => string = (c) => c.text): void {
    const byDoc = new Map<DocumentId, Chunk[]>();
    for (const c of chunks) {
      const list = byDoc.get(c.docId);
      if (list) list.push(c);
      else byDoc.set(c.docId, [c]);
    }
    for (const [docId, list] of byDoc) {
      this.segments.set(
        docId,
        buildSegment(
          list.map((c) => ({ id: c.id, text: indexText(c) })),
          tokenize,
          processTerm,
        ),
      );
    }
    this.scorer.invalidate();
  }

  /** Restores a document's stored segment; false (and nothing changed) if it is not one. */
  load(docId: DocumentId, segment: unknown): boolean {
    if (!isSegment(segment)) return false;
    this.segments.set(docId, segment);
    this.scorer.invalidate();
    return true;
  }

  remove(docId: DocumentId): void {
    if (this.segments.delete(docId)) this.scorer.invalidate();
  }

  has(docId: DocumentId): boolean {
    return this.segments.has(docId);
  }

  /**
   * Whether a document's segment indexes exactly these chunk ids, in this order (a stored one may
   * be stale); a count stands for the ids `${docId}#0` … `${docId}#${count - 1}`.
   */
  covers(docId: DocumentId, chunkIds: readonly string[] | number): boolean {
    const seg = this.segments.get(docId);
    if (typeof chunkIds === 'number') return seg !== undefined && seg.count === chunkIds && (seg.idPrefix === `${docId}#` || (seg.count === 0 && seg.idPrefix === ''));
    return seg !== undefined && seg.count === chunkIds.length && chunkIds.every((id, i) => chunkIdAt(seg, i) === id);
  }

  /** A document's segment, to store beside the document. */
  segment(docId: DocumentId): KeywordSegment {
    const seg = this.segments.get(docId);
    if (!seg) throw new Error(`KeywordIndex: no segment for document ${docId}`);
    return seg;
  }

  get size(): number {
    let n = 0;
    for (const s of this.segments.values()) n += s.count;
    return n;
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
}
