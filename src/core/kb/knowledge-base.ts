import type { Chunk, DocumentId, Trace } from '../types';
import type { QuantizedRows } from '../vector';
import { KeywordIndex, type KeywordSegment, VectorIndex, type PrefilterOptions, type VectorPrecision } from '../search';
import { withHeader } from '../chunk';
import { rankChunks, type Candidate, type RankedChunk, type SearchOptions } from './rank';

export type { Candidate, RetrievalMode, SearchOptions } from './rank';

/** Reads a document's chunks, in order, from storage (lazy knowledge bases). */
type ChunkLoader = (docId: DocumentId) => Promise<Chunk[] | undefined>;

interface KnowledgeBaseOptions {
  /**
   * Where chunks added by count only are read from when needed. With a loader, chunk texts are
   * held for a bounded number of chunks (`keepChunks`), least recently used dropped first.
   */
  loadChunks?: ChunkLoader;
  keepChunks?: number;
  /** How vectors are held in memory (default int8 with a scale per row: a quarter of float32's memory, cosines within about 0.001). */
  precision?: VectorPrecision;
  /** Dense search over many rows (by default 200,000 or more) pre-filters them by sign bits, then rescores the best exactly. */
  prefilter?: PrefilterOptions;
}

interface DocEntry {
  count: number;
  /** Absent until loaded (documents added by count). */
  chunks?: Chunk[];
  /** When it was last needed, for dropping texts least recently used first. */
  used: number;
  /** Searchable by keyword only: its vectors are still being computed, and it is not stored yet. */
  pending?: true;
  /** Stored, searchable by keyword, its stored vectors not read yet (`attachVectors`). */
  awaitingVectors?: true;
}

/**
 * The searchable knowledge base held in memory: the BM25 index, the vector index and the
 * chunks. Persistence lives elsewhere; this is what a query runs against. A document can be
 * added by its chunk count alone: it is searchable at once, and its chunk texts are read from
 * storage when a result or a question needs them (`ensure`), so a large library opens without
 * reading every chunk.
 */
export class KnowledgeBase {
  private docs = new Map<DocumentId, DocEntry>();
  private total = 0;
  private loadedChunks = 0;
  private clock = 0;
  private awaiting = 0;
  readonly keyword: KeywordIndex;
  readonly vectors: VectorIndex;

  constructor(
    dim: number,
    private readonly options: KnowledgeBaseOptions = {},
  ) {
    this.vectors = new VectorIndex(dim, { precision: options.precision ?? 'i8', prefilter: options.prefilter });
    this.keyword = KeywordIndex.create();
  }

  /**
   * Adds a document: its chunks, or (with a loader) only how many there are. `keywords` is its
   * stored keyword segment: used when it indexes exactly these chunks, else rebuilt from the
   * chunks (`rebuilt` says which; without chunks, a stored segment that does not fit is an error).
   */
  addDocument(
    docId: DocumentId,
    chunks: Chunk[] | number,
    matrix: Float32Array | QuantizedRows,
    options: { keywords?: unknown; indexText?: (c: Chunk) => string } = {},
  ): { rebuilt: boolean } {
    this.removeDocument(docId);
    const count = typeof chunks === 'number' ? chunks : chunks.length;
    const ids = typeof chunks === 'number' ? count : chunks.map((c) => c.id);
    const fits = options.keywords !== undefined && this.keyword.load(docId, options.keywords) && this.keyword.covers(docId, ids);
    if (!fits && typeof chunks === 'number') {
      this.keyword.remove(docId);
      throw new Error(`the stored keyword index of document ${docId} does not match its chunks`);
    }
    this.docs.set(docId, { count, used: ++this.clock, ...(typeof chunks === 'number' ? {} : { chunks }) });
    this.total += count;
    if (typeof chunks !== 'number') this.loadedChunks += count;
    this.vectors.add(docId, ids, matrix);
    if (fits) return { rebuilt: false };
    this.keyword.add(chunks as Chunk[], options.indexText ?? withHeader);
    return { rebuilt: true };
  }

  /**
   * Makes a document searchable by keyword before it has vectors (see core/ingest's
   * keywordFirstChunks). Dense search does not see it; `addDocument` with the finished chunks
   * and vectors replaces it. Its chunks are never dropped from memory, since nothing is stored.
   */
  addKeywordsOnly(docId: DocumentId, chunks: Chunk[], indexText: (c: Chunk) => string = withHeader): void {
    this.removeDocument(docId);
    this.docs.set(docId, { count: chunks.length, chunks, used: ++this.clock, pending: true });
    this.total += chunks.length;
    this.loadedChunks += chunks.length;
    this.keyword.add(chunks, indexText);
  }

  /**
   * Adds a stored document by its keyword segment alone, its vectors to follow (`attachVectors`):
   * searchable by keyword at once; dense search does not see it meanwhile. Throws (nothing
   * added) when the segment does not index `count` chunks named `${docId}#i`.
   */
  addAwaitingVectors(docId: DocumentId, count: number, keywords: unknown): void {
    this.removeDocument(docId);
    if (!(this.keyword.load(docId, keywords) && this.keyword.covers(docId, count))) {
      this.keyword.remove(docId);
      throw new Error(`the stored keyword index of document ${docId} does not match its chunks`);
    }
    this.docs.set(docId, { count, used: ++this.clock, awaitingVectors: true });
    this.total += count;
    this.awaiting++;
  }

  /** Gives a document added by `addAwaitingVectors` its vectors; false if it is not waiting for them. */
  attachVectors(docId: DocumentId, rows: QuantizedRows | Float32Array): boolean {
    const entry = this.docs.get(docId);
    if (!entry?.awaitingVectors) return false;
    this.vectors.add(docId, entry.count, rows);
    entry.awaitingVectors = undefined;
    this.awaiting--;
    return true;
  }

  isAwaitingVectors(docId: DocumentId): boolean {
    return this.docs.get(docId)?.awaitingVectors === true;
  }

  /** Whether some documents are still waiting for their vectors (dense search would miss them). */
  get vectorsPending(): boolean {
    return this.awaiting > 0;
  }

  /** Whether a document is searchable by keyword only, its vectors still being computed. */
  isPending(docId: DocumentId): boolean {
    return this.docs.get(docId)?.pending === true;
  }

  /** The documents searchable by keyword only, with their chunks. */
  pendingDocuments(): Array<{ docId: DocumentId; chunks: Chunk[] }> {
    return [...this.docs].filter(([, e]) => e.pending).map(([docId, e]) => ({ docId, chunks: e.chunks! }));
  }

  /** Chunks with vectors (documents searchable by keyword only are not counted). */
  get embeddedChunkCount(): number {
    return this.vectors.size;
  }

  removeDocument(docId: DocumentId): void {
    this.keyword.remove(docId);
    const entry = this.docs.get(docId);
    if (!entry) return;
    this.vectors.remove(docId);
    this.total -= entry.count;
    if (entry.chunks) this.loadedChunks -= entry.count;
    if (entry.awaitingVectors) this.awaiting--;
    this.docs.delete(docId);
  }

  /** The document's keyword segment as stored beside it. */
  keywordSegment(docId: DocumentId): KeywordSegment {
    return this.keyword.segment(docId);
  }

  get chunkCount(): number {
    return this.total;
  }

  /** How many chunks a document has (0 if unknown). */
  countOf(docId: DocumentId): number {
    return this.docs.get(docId)?.count ?? 0;
  }

  /** A chunk, if its document's texts are in memory. */
  chunk(id: string): Chunk | undefined {
    const hash = id.lastIndexOf('#');
    const entry = this.docs.get(id.slice(0, Math.max(0, hash)));
    // An id that names no document (not made by makeChunk) is looked for in every loaded one.
    if (!entry) return this.findListed(id);
    const chunks = entry.chunks;
    if (!chunks) return undefined;
    const at = chunks[Number(id.slice(hash + 1))];
    return at?.id === id ? at : chunks.find((c) => c.id === id);
  }

  private findListed(id: string): Chunk | undefined {
    for (const entry of this.docs.values()) {
      const found = entry.chunks?.find((c) => c.id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** A document's chunks in document order (empty if unknown or not in memory: see `ensure`). */
  chunksOf(docId: DocumentId): Chunk[] {
    const entry = this.docs.get(docId);
    if (entry) entry.used = ++this.clock;
    return entry?.chunks ?? [];
  }

  /**
   * Brings the chunk texts of these documents into memory (a no-op for documents added with
   * their chunks), then drops the least recently used others past the memory bound.
   */
  async ensure(docIds: Iterable<DocumentId>): Promise<void> {
    const wanted = new Set(docIds);
    const reads: Array<Promise<void>> = [];
    for (const docId of wanted) {
      const entry = this.docs.get(docId);
      if (!entry) continue;
      entry.used = ++this.clock;
      if (entry.chunks || !this.options.loadChunks) continue;
      // All documents' reads at once: each would otherwise wait its turn behind other reads.
      reads.push(
        this.options.loadChunks(docId).then((chunks) => {
          // Deleted or replaced meanwhile: leave the new entry alone.
          if (this.docs.get(docId) !== entry || entry.chunks) return;
          if (!chunks || chunks.length !== entry.count) throw new Error(`the stored chunks of document ${docId} are missing or incomplete`);
          entry.chunks = chunks;
          this.loadedChunks += entry.count;
        }),
      );
    }
    await Promise.all(reads);
    this.evict(wanted);
  }

  private evict(keep: ReadonlySet<DocumentId>): void {
    const limit = this.options.keepChunks ?? 250_000;
    if (!this.options.loadChunks || this.loadedChunks <= limit) return;
    const loaded = [...this.docs].filter(([docId, e]) => e.chunks && !e.pending && !keep.has(docId)).sort((a, b) => a[1].used - b[1].used);
    for (const [, entry] of loaded) {
      if (this.loadedChunks <= limit) break;
      entry.chunks = undefined;
      this.loadedChunks -= entry.count;
    }
  }

  /** Ranks chunks for a query without their texts; `materialize` (after `ensure`) turns them into candidates. */
  rank(query: string, queryVector: Float32Array | undefined, options: SearchOptions = {}): { ranked: RankedChunk[]; trace: Trace[] } {
    return rankChunks({ keyword: this.keyword, vectors: this.vectors, holds: (docId) => this.docs.has(docId) }, query, queryVector, options);
  }

  /** Ranked chunks with their texts; their documents must be in memory (`ensure`). */
  materialize(ranked: RankedChunk[]): Candidate[] {
    return ranked.map(({ id, docId: _docId, ...scores }) => {
      const chunk = this.chunk(id);
      if (!chunk) throw new Error(`chunk ${id} is not in memory: ensure its document first`);
      return { chunk, ...scores };
    });
  }

  /** Ranks and reads the chunks of a knowledge base whose texts are in memory. */
  search(query: string, queryVector: Float32Array | undefined, options: SearchOptions = {}): { candidates: Candidate[]; trace: Trace[] } {
    const { ranked, trace } = this.rank(query, queryVector, options);
    return { candidates: this.materialize(ranked), trace };
  }

  /** Ranks, brings the results' documents into memory, and reads their chunks. */
  async searchLoaded(query: string, queryVector: Float32Array | undefined, options: SearchOptions = {}): Promise<{ candidates: Candidate[]; trace: Trace[] }> {
    const { ranked, trace } = this.rank(query, queryVector, options);
    const t = performance.now();
    await this.ensure(ranked.map((r) => r.docId));
    trace.push({ stage: 'texts', ms: performance.now() - t, detail: { documents: new Set(ranked.map((r) => r.docId)).size } });
    return { candidates: this.materialize(ranked), trace };
  }
}
