import { describeDocument, type DocumentCard } from '../../core/card';
import type { DocumentId } from '../../core/types';
import { type DocumentRecord, KnowledgeBase } from '../../core/kb';
import { type CacheLedger, type Embedder, type LoadProgress, withCache } from '../../core/embed';
import { IngestError } from '../../core/errors';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings';
import type { DocumentSource, LibraryDeps } from './types';
import { freeRoom, withRoom, type RoomStep } from './room';

/** What every part of the library shares: the in-memory knowledge base and documents, the settings, the embedding model, and the queue and cross-tab lock that writes go through. */
export class LibraryCore {
  constructor(readonly deps: LibraryDeps) {}

  kb?: KnowledgeBase;
  docs = new Map<DocumentId, DocumentRecord>();

  /** Documents searchable by keyword while they are embedded: their names for search results, and their text to open a hit where it came from. */
  embedding = new Map<DocumentId, { name: string; title: string; source: DocumentSource }>();
  settings: Settings = DEFAULT_SETTINGS;
  embedder?: Promise<Embedder>;
  embedderKey = '';

  /** Whether the load `embedder` holds has finished (either way). */
  embedderSettled = false;

  /** What each add's embedding calls read from and wrote to the cache (the current model's). */
  ledger?: CacheLedger;

  /** The model under the cache wrapper; a pool marks itself broken when a worker dies. */
  model?: Embedder & { broken?: boolean };
  queue: Promise<unknown> = Promise.resolve();

  /** The stored revision the in-memory state was loaded at or last written as. */
  revision?: string;

  /** Settles when the stored vectors that the last load left to read are in the index. */
  vectorsIn: Promise<void> = Promise.resolve();

  /** Sentences and chunks embedded per second in this session's last long ingest. */
  embedRate?: number;

  /** Titles of documents another tab deleted, so that a citation to one can say so. */
  readonly deletedElsewhere = new Map<DocumentId, string>();

  /**
   * Forgets at once the documents another tab deleted, without waiting for the job queue (an add
   * may hold it for a minute): the list, search and questions stop showing them at once, and the
   * full catch-up follows in the queue. Returns their ids.
   */
  async dropDeleted(): Promise<DocumentId[]> {
    if (!this.kb) return [];
    // Only documents listed before the read: one this tab stores meanwhile may be missing from it.
    const listed = [...this.docs.values()];
    const stored = new Set((await this.deps.store.listDocuments()).map((d) => d.id));
    const gone = listed.filter((d) => !stored.has(d.id) && this.docs.get(d.id) === d);
    for (const d of gone) {
      this.docs.delete(d.id);
      this.kb.removeDocument(d.id);
      this.deletedElsewhere.set(d.id, d.title);
    }
    return gone.map((d) => d.id);
  }

  /** Why a document cannot be opened: deleted in another tab, or not in the library at all. */
  missing(id: DocumentId): Error {
    const title = this.deletedElsewhere.get(id);
    return new Error(title ? `“${title}” was deleted in another tab; it is no longer in the library.` : 'this document is no longer in the library');
  }

  async catchUp(): Promise<boolean> {
    if ((await this.deps.store.revision()) === this.revision) return false;
    await this.load();
    return true;
  }

  /** A write to storage: one tab at a time, each starting from what is stored now. */
  write<T>(work: () => Promise<T>): Promise<T> {
    const run = async () => {
      await this.catchUp();
      return work();
    };
    return this.deps.exclusive ? this.deps.exclusive(run) : run();
  }

  /** Records the revision this library's own write left, and tells other tabs. */
  wrote(revision: string): void {
    this.revision = revision;
    try {
      this.deps.announce?.();
    } catch {
      // Other tabs catch up on their next write or reload anyway.
    }
  }

  /**
   * Reads documents and indexes from storage; returns the documents that are complete. Chunk
   * texts are not read: the knowledge base reads a document's when a result or a question needs
   * them. Documents are searchable by keyword as soon as their records and keyword segments are
   * read; their vectors (the bulk of a large library) are read in batches after, and with
   * `vectorsAfter` this resolves before they are in: the vectors are read as the next job in
   * the queue (writes wait for them), search answers by keyword meanwhile, and the model counts
   * as loading until they are in (see prepareEmbedder).
   */
  async load({ vectorsAfter = false } = {}): Promise<DocumentRecord[]> {
    const { store } = this.deps;
    const catalog = await store.loadCatalog();
    const complete = catalog.documents.filter((d) => catalog.withChunks.has(d.id) && catalog.withVectors.has(d.id));
    // The index takes the size of the oldest document's vectors (one small read); documents
    // with vectors of another size (another model) stay listed, so they can be deleted, and
    // search explains the model mismatch.
    const first = complete.length ? (await store.loadVectors({ ids: [complete[0].id], batch: 1 })).vectors[0] : undefined;
    const kb = this.newKnowledgeBase(first?.dim ?? 512);
    const awaiting: DocumentId[] = [];
    // A stored segment that does not index exactly the stored chunks (written by an older
    // version, or lost) is rebuilt from them once the vectors are read, and saved.
    const rebuild: DocumentId[] = [];
    for (const d of complete) {
      try {
        kb.addAwaitingVectors(d.id, d.chunkCount, catalog.keywords.get(d.id));
        awaiting.push(d.id);
      } catch {
        rebuild.push(d.id);
      }
    }
    this.docs = new Map(complete.map((d) => [d.id, d]));
    for (const { docId, chunks } of this.kb?.pendingDocuments() ?? []) kb.addKeywordsOnly(docId, chunks);
    this.kb = kb;
    this.revision = catalog.revision;

    const readVectors = async () => {
      const got = await store.loadVectors({
        ids: [...awaiting, ...rebuild],
        onBatch: (vectors) => {
          if (this.kb !== kb) return;
          for (const v of vectors) {
            if (v.dim !== kb.vectors.dim) kb.removeDocument(v.docId);
            else kb.attachVectors(v.docId, v);
          }
        },
      });
      if (this.kb !== kb) return;
      // Another tab changed the documents meanwhile: start again from what is stored now.
      if (got.changed || got.revision !== catalog.revision) {
        await this.load();
        return;
      }
      for (const id of awaiting) if (kb.isAwaitingVectors(id)) kb.removeDocument(id);
      const vectorsOf = new Map(got.vectors.map((v) => [v.docId, v]));
      for (const id of rebuild) {
        const rows = vectorsOf.get(id);
        const chunks = rows && rows.dim === kb.vectors.dim ? (await store.getChunks(id))?.chunks : undefined;
        if (!chunks || this.kb !== kb) continue;
        kb.addDocument(id, chunks, rows!);
        // Saved unless another tab has changed the documents meanwhile.
        await store.putKeywords(id, kb.keywordSegment(id), catalog.revision).catch(() => false);
      }
    };
    if (!vectorsAfter) {
      await readVectors();
      return complete;
    }
    const reading = this.enqueue(readVectors);
    this.vectorsIn = reading.catch(() => undefined);
    reading.catch(() => {
      // The documents stay searchable by keyword; the next write or reload reads them again.
    });
    return complete;
  }

  /**
   * Runs writes one at a time so each sees the indexes the previous one left. A job cancelled
   * while it waits its turn fails at once.
   */
  enqueue<T>(job: () => Promise<T>, signal?: AbortSignal, name = 'knowledge base'): Promise<T> {
    let started = false;
    const run = this.queue.then(() => {
      if (signal?.aborted) throw new IngestError('cancelled', name, 'cancelled; nothing was added.');
      started = true;
      return job();
    });
    this.queue = run.catch(() => undefined);
    if (!signal) return run;
    // Once started, the job itself decides: it may already be committing.
    const whileQueued = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => !started && reject(new IngestError('cancelled', name, 'cancelled; nothing was added.')), { once: true }),
    );
    whileQueued.catch(() => undefined);
    return Promise.race([run, whileQueued]);
  }

  /** Loads (once) the embedder the settings name, reporting download/compile progress. */
  prepareEmbedder(onProgress: (p: LoadProgress) => void = () => {}): Promise<Embedder> {
    const key = JSON.stringify(this.settings.embedder);
    if (this.model?.broken) this.embedder = this.model = undefined;
    if (!this.embedder || key !== this.embedderKey) {
      this.embedderKey = key;
      const old = this.embedder;
      // Work already queued may still be using the old model.
      void this.queue.then(() => old?.then((e) => e.dispose?.())).catch(() => undefined);
      const loading = this.deps
        .loadEmbedder(this.settings.embedder, onProgress)
        .then((e) => {
          this.model = e;
          const cached = withCache(e, this.deps.store.embeddingCache);
          this.ledger = cached.ledger;
          return cached as Embedder;
        })
        // Searching by meaning needs the stored vectors too: the model counts as loading until they are in.
        .then(async (e) => {
          await this.vectorsIn;
          return e;
        });
      loading.then(
        () => {
          if (this.embedder === loading) this.embedderSettled = true;
        },
        () => {
          if (this.embedder === loading) this.embedder = undefined;
        },
      );
      this.embedder = loading;
      this.embedderSettled = false;
    }
    return this.embedder;
  }

  /** Whether the embedder the settings name is being loaded now (started, not yet ready or failed). */
  modelLoading(): boolean {
    return this.embedder !== undefined && !this.embedderSettled && !this.model?.broken && this.embedderKey === JSON.stringify(this.settings.embedder);
  }

  /**
   * The knowledge base, remade for the embedder's dimension while it holds no vectors (an empty
   * library takes the dimension of whichever model fills it first); documents searchable by
   * keyword only come along.
   */
  fitDimension(dim: number): KnowledgeBase {
    const kb = this.requireOpen();
    if (kb.embeddedChunkCount > 0 || kb.vectors.dim === dim) return kb;
    const next = this.newKnowledgeBase(dim);
    for (const { docId, chunks } of kb.pendingDocuments()) next.addKeywordsOnly(docId, chunks);
    return (this.kb = next);
  }

  /** Every searchable document's card; documents indexed before cards get one from their title and file name. */
  cards(): Array<{ docId: DocumentId; card: DocumentCard }> {
    const kb = this.requireOpen();
    return [...this.docs.values()]
      .filter((d) => kb.countOf(d.id) > 0)
      .map((d) => ({ docId: d.id, card: d.card ?? describeDocument({ title: d.title, text: '', pages: [] }, d.name) }));
  }

  /** A stored document whose file has these bytes (by SHA-256), if any. */
  sameContent(contentHash: string): DocumentRecord | undefined {
    return [...this.docs.values()].find((d) => d.contentHash === contentHash);
  }

  /** Vectors from different models cannot be compared: says why, if the library was indexed with another. */
  modelMismatch(embedder: Embedder): string | undefined {
    const other = [...this.docs.values()].find((d) => d.embedderId !== embedder.id);
    return other ? `The library was indexed with the model ${other.embedderId}, but ${embedder.id} is selected.` : undefined;
  }

  /** An empty knowledge base that reads chunk texts from this library's store when it needs them. */
  newKnowledgeBase(dim: number): KnowledgeBase {
    const { store } = this.deps;
    return new KnowledgeBase(dim, { loadChunks: async (id) => (await store.getChunks(id))?.chunks });
  }

  /** Gives the library room, one step (see room.ts); resolves to about how many bytes it freed. */
  freeRoom(step: RoomStep): Promise<number> {
    return freeRoom(this.deps, step);
  }

  /** Runs `attempt` again after each step of freeRoom that frees something (see room.ts). */
  withRoom<T>(attempt: () => Promise<T>, refused: (result: T) => boolean, neededAfter?: () => number | undefined): Promise<T> {
    return withRoom(this.deps, attempt, refused, neededAfter);
  }

  requireOpen(): KnowledgeBase {
    if (!this.kb) throw new Error('the library is not open yet');
    return this.kb;
  }
}
