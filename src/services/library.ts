import { describeDocument, routeQuestion, type DocumentCard, type RoutedDocument } from '../core/card';
import type { Chunk, ChunkerSettings, DocumentId, PageSpan, ParsedDocument, Progress, Trace } from '../core/types';
import { SPLIT_SCORER_NEEDED, type SplitScorer } from '../core/llamachunk';
import type { DocumentBundle, DocumentRecord, StorageUsage } from '../core/kb/records';
import type { Embedder, LoadProgress } from '../core/embed/embedder';
import type { KnowledgeBaseStore } from '../adapters/store';
import { KnowledgeBase, type Candidate } from '../core/kb/knowledge-base';
import { unitEmbeddingTexts } from '../core/ingest/build';
import { MAX_DOCUMENT_CHARS, estimateIngest, judgeEstimate } from '../core/ingest/estimate';
import { unreadableScriptNote } from '../core/ingest/script-note';
import { effectiveThreshold } from '../core/chunk/semantic';
import { EmbeddingPrefetch } from '../core/ingest/prefetch';
import { keywordFirstChunks } from '../core/ingest/keyword-first';
import { prepareDocument, type PrepareHooks } from '../core/ingest/prepare';
import { highlightRanges } from '../core/search/highlight';
import { withCache } from '../core/embed/cache';
import { IngestError, isIngestError } from '../core/errors';
import { stripBidiControls } from '../core/text/bidi';
import { DEFAULT_SETTINGS, withDefaults, type EmbedderSettings, type Settings } from '../core/settings';
import { MAX_FILE_BYTES, describeBytes } from './limits';
import { makeBundle } from './bundle';
import type { ParseHooks } from './parse-file';
import type { AskDeps } from '../core/pipeline/ask';
import { knowledgeBaseDeps } from '../core/pipeline/kb-deps';
import type { LabCandidateDoc } from '../core/lab/assign';
import type { LabRequest } from '../core/lab/request';
import type { LabProgress } from '../core/lab/run';
import { LabRequestError, runLabRequest, type LabResponse } from './lab';
import { exportKnowledgeBase, importKnowledgeBase, type ImportResult } from './backup';
import type { BackupProgress } from '../core/backup';

/** A file as it arrives from the page (a File or anything shaped like one). */
export interface IncomingFile {
  name: string;
  type: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** `section` and `summarize` (PrepareHooks): what a loaded language model adds to a document. */
export interface LibraryDeps extends PrepareHooks {
  store: KnowledgeBaseStore;
  parse(bytes: Uint8Array, name: string, mime: string, onProgress: (p: Progress) => void, signal: AbortSignal, hooks?: ParseHooks): Promise<ParsedDocument>;
  loadEmbedder(settings: EmbedderSettings, onProgress: (p: LoadProgress) => void): Promise<Embedder>;
  /** LlamaChunk's model side for the 'llm' chunker: the loaded LLM's split scorer, undefined when none can score splits. */
  splitScorer?(signal: AbortSignal): Promise<SplitScorer | undefined>;
  newId?: () => string;
  /**
   * Runs a write to the library while no other tab writes to it (navigator.locks in the browser,
   * see webLocks); by default it just runs it, as in tests with one library per store.
   */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Told after this library changed the stored documents, so other tabs can catch up (a BroadcastChannel in the app). */
  announce?: () => void;
  /** The largest document accepted, in characters (default MAX_DOCUMENT_CHARS; tests lower it). */
  maxDocumentChars?: number;
}

/** The name other tabs' libraries share for the lock and the change channel. */
export const LIBRARY_CHANNEL = 'sieve-library';

/** Writes serialised across tabs by the Web Locks API, where this scope has it. */
export function webLocks(): LibraryDeps['exclusive'] {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return undefined;
  return <T>(work: () => Promise<T>) => locks.request(LIBRARY_CHANNEL, work) as Promise<T>;
}

export interface OpenResult {
  documents: DocumentRecord[];
  usage?: StorageUsage;
  settings: Settings;
  /** Time to read storage and rebuild the in-memory indexes. */
  loadMs: number;
}

/** A retrieved chunk with every score that ranked it, where it comes from, and what matched. */
export type SearchHit = Omit<Candidate, 'terms'> & {
  docTitle: string;
  docName: string;
  highlights: Array<[number, number]>;
  /** Its document is still being embedded: found by keyword only, and not stored yet. */
  embedding?: true;
};

export interface SearchResponse {
  query: string;
  hits: SearchHit[];
  traces: Trace[];
  /** Set when the search fell back (e.g. to keywords only) and why. */
  warning?: string;
  /**
   * Keyword results given at once because the embedding model was still loading: the same
   * search gives results by meaning once it has loaded (the app runs it again then).
   */
  modelPending?: boolean;
  /** The documents the query named, which the search kept to (empty: all in scope). */
  routed: RoutedDocument[];
}

/** The note on keyword results given while the embedding model loads. */
export const MODEL_PENDING_NOTE = 'Keyword results; results by meaning follow when the model has loaded.';

export interface SearchOptions {
  docIds?: DocumentId[];
  /** Keep to the documents the query names (default: the saved pipeline setting). */
  routing?: boolean;
}

export interface Inspection {
  document: DocumentRecord;
  sentences: Array<{ start: number; end: number; text: string }>;
  neighbourSims: number[];
  chunks: Chunk[];
  /** The similarity cut the document was chunked with, if semantic (for a percentile: the value it came to). */
  threshold?: number;
  /** The percentile of the document's neighbour similarities that `threshold` is, if chunked so. */
  percentile?: number;
}

/** What the source viewer shows: a document's stored text and pages, and for a PDF its original bytes. */
export interface DocumentSource {
  document: DocumentRecord;
  text: string;
  pages: PageSpan[];
  bytes?: Uint8Array;
}

/** Where an ingest spent its time (embedMs covers sentence and chunk embeddings). */
export interface IngestTimings {
  parseMs: number;
  modelMs: number;
  embedMs: number;
  /** The part of embedMs spent on chunks longer than one sentence. */
  chunkEmbedMs: number;
  chunkMs: number;
  indexMs: number;
  persistMs: number;
  totalMs: number;
  /** Texts sent for embedding while the file was still being read. */
  prefetchedTexts: number;
  /** From the start to the document being searchable by keyword (its vectors still to come). */
  keywordReadyMs?: number;
}

export interface IngestResult {
  document: DocumentRecord;
  timings: IngestTimings;
  sentences: number;
}

/** Progress of a re-index: which document, how many are done, and that document's own stage. */
export interface ReindexEvent {
  name: string;
  done: number;
  total: number;
  event: IngestEvent;
}

export type IngestEvent = Progress | { stage: 'model'; loaded: number; total: number; file: string } | IngestEstimateEvent | IngestSearchableEvent;

/** The document can be searched by keyword now; its vectors (and final chunks) follow. */
export interface IngestSearchableEvent {
  stage: 'searchable';
  chunks: number;
}

/** Sent once the text is read, for a document that will take long: what it will cost (see core/ingest/estimate). */
export interface IngestEstimateEvent {
  stage: 'estimate';
  note: string;
}

/**
 * The knowledge base as a service: ingest, delete, search, inspect. Runs in a worker in the
 * app and directly in Node tests. Every write goes through one store transaction, so a
 * failure or cancel at any point leaves the knowledge base as it was.
 */
export class Library {
  private kb?: KnowledgeBase;
  private docs = new Map<DocumentId, DocumentRecord>();
  /** Documents searchable by keyword while they are embedded: their names for search results. */
  private embedding = new Map<DocumentId, { name: string; title: string }>();
  private settings: Settings = DEFAULT_SETTINGS;
  private embedder?: Promise<Embedder>;
  private embedderKey = '';
  /** Whether the load `embedder` holds has finished (either way). */
  private embedderSettled = false;
  /** The model under the cache wrapper; a pool marks itself broken when a worker dies. */
  private model?: Embedder & { broken?: boolean };
  private queue: Promise<unknown> = Promise.resolve();
  /** The stored revision the in-memory state was loaded at or last written as. */
  private revision?: string;
  /** Settles when the stored vectors that the last load left to read are in the index. */
  private vectorsIn: Promise<void> = Promise.resolve();
  /** Sentences and chunks embedded per second in this session's last long ingest. */
  private embedRate?: number;

  constructor(private readonly deps: LibraryDeps) {}

  async open(): Promise<OpenResult> {
    const t0 = performance.now();
    const { store } = this.deps;
    this.settings = withDefaults(await store.getSettings<Partial<Settings>>());
    // Searchable by keyword once the documents and keyword segments are read; the vectors follow.
    const complete = await this.load({ vectorsAfter: true });
    return { documents: complete, usage: await store.usage(), settings: this.settings, loadMs: performance.now() - t0 };
  }

  /**
   * Reloads the documents and indexes from storage if another tab changed them since this
   * library last read or wrote them; says whether it did. The app calls it when another tab
   * announces a change.
   */
  refresh(): Promise<boolean> {
    return this.enqueue(() => this.catchUp());
  }

  private async catchUp(): Promise<boolean> {
    if ((await this.deps.store.revision()) === this.revision) return false;
    await this.load();
    return true;
  }

  /** A write to storage: one tab at a time, each starting from what is stored now. */
  private write<T>(work: () => Promise<T>): Promise<T> {
    const run = async () => {
      await this.catchUp();
      return work();
    };
    return this.deps.exclusive ? this.deps.exclusive(run) : run();
  }

  /** Records the revision this library's own write left, and tells other tabs. */
  private wrote(revision: string): void {
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
  private async load({ vectorsAfter = false } = {}): Promise<DocumentRecord[]> {
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

  listDocuments(): DocumentRecord[] {
    return [...this.docs.values()];
  }

  usage(): Promise<StorageUsage | undefined> {
    return this.deps.store.usage();
  }


  async updateSettings(patch: Partial<Settings>): Promise<Settings> {
    this.settings = withDefaults({ ...this.settings, ...patch });
    await this.deps.store.putSettings(this.settings);
    return this.settings;
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
          return withCache(e, this.deps.store.embeddingCache) as Embedder;
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
  private modelLoading(): boolean {
    return this.embedder !== undefined && !this.embedderSettled && !this.model?.broken && this.embedderKey === JSON.stringify(this.settings.embedder);
  }

  /** Ingests one file; files are processed one at a time in arrival order. */
  ingest(file: IncomingFile, onProgress: (p: IngestEvent) => void, signal: AbortSignal): Promise<IngestResult> {
    return this.enqueue(() => this.ingestNow(file, onProgress, signal), signal, file.name);
  }

  /**
   * Runs writes one at a time so each sees the indexes the previous one left. A job cancelled
   * while it waits its turn fails at once.
   */
  private enqueue<T>(job: () => Promise<T>, signal?: AbortSignal, name = 'knowledge base'): Promise<T> {
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

  private async ingestNow(file: IncomingFile, onProgress: (p: IngestEvent) => void, signal: AbortSignal): Promise<IngestResult> {
    let kb = this.requireOpen();
    const chunker = this.settings.chunker;
    const t0 = performance.now();
    let t = t0;
    const timings: IngestTimings = { parseMs: 0, modelMs: 0, embedMs: 0, chunkEmbedMs: 0, chunkMs: 0, indexMs: 0, persistMs: 0, totalMs: 0, prefetchedTexts: 0 };
    const lap = (key: Exclude<keyof IngestTimings, 'totalMs' | 'prefetchedTexts'>) => {
      const now = performance.now();
      timings[key] += now - t;
      t = now;
    };
    const name = stripBidiControls(file.name) || 'pasted text';
    let keywordsOnly: DocumentId | undefined;
    try {
      if (file.size === 0) throw new IngestError('empty', name, 'the file is empty (0 bytes).');
      if (file.size > MAX_FILE_BYTES) {
        throw new IngestError('too-large', name, `the file is ${describeBytes(file.size)}; Sieve reads files up to ${describeBytes(MAX_FILE_BYTES)}. Split it into smaller files.`);
      }
      signal.throwIfAborted();
      const splitScorer = await this.splitScorerFor(chunker, name, signal);
      onProgress({ stage: 'reading', done: 0, total: file.size });
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The model loads while the file is read, and pages read so far are embedded meanwhile.
      const embedderReady = this.prepareEmbedder((p) => onProgress({ stage: 'model', ...p }));
      const prefetch = new EmbeddingPrefetch(embedderReady.catch(() => undefined), signal);
      const parsed = await this.deps
        .parse(bytes, name, file.type, onProgress, signal, { onPreview: (text) => prefetch.add(unitEmbeddingTexts(text, chunker)) })
        .finally(() => prefetch.stop());
      timings.prefetchedTexts = prefetch.submitted;
      lap('parseMs');
      if (parsed.text.trim().length === 0) throw new IngestError('empty', name, 'no text was found in it.');
      await this.checkEstimate(parsed.text.length, file.size, chunker, name, onProgress);
      const docId = (keywordsOnly = this.deps.newId?.() ?? crypto.randomUUID());
      this.searchableByKeyword(docId, parsed, name, chunker, onProgress);
      timings.keywordReadyMs = performance.now() - t0;

      const embedder = await embedderReady.catch((e: unknown) => {
        throw new IngestError('model', name, `the embedding model could not be loaded (${e instanceof Error ? e.message : String(e)}).`);
      });
      lap('modelMs');
      const mismatch = this.modelMismatch(embedder);
      if (mismatch) throw new IngestError('model', name, `${mismatch} Remove those documents or select that model in Settings.`);
      const scriptNote = unreadableScriptNote(parsed.text, embedder);
      if (scriptNote) parsed.warnings.push(scriptNote);
      kb = this.fitDimension(embedder.dim);
      const { built, summary } = await prepareDocument({ docId, parsed, fileName: name, embedder, chunker, signal, onProgress, splitScorer }, this.deps);
      for (const tr of built.traces) {
        if (tr.stage === 'chunking' || tr.stage === 'segmenting') timings.chunkMs += tr.ms;
        else timings.embedMs += tr.ms;
        if (tr.stage === 'chunk-embedding') timings.chunkEmbedMs += tr.ms;
      }
      t = performance.now();
      if (built.chunks.length === 0) throw new IngestError('no-text', name, 'no sentences could be read from it.');

      signal.throwIfAborted();
      onProgress({ stage: 'indexing', done: 0, total: built.chunks.length });
      const bundle = makeBundle({
        docId,
        name,
        mime: file.type,
        bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        addedAt: Date.now(),
        parsed,
        built,
        chunker,
        embedder,
        chunkerModel: splitScorer?.model,
        summary,
      });
      const { document } = bundle;
      await this.write(async () => {
        // Another tab may have changed the library while this file was read: start from what is stored.
        kb = this.requireOpen();
        const changed = this.modelMismatch(embedder);
        if (changed) throw new IngestError('model', name, `${changed} Remove those documents or select that model in Settings.`);
        kb = this.fitDimension(embedder.dim);
        kb.addDocument(docId, built.chunks, built.vectors);
        const keywords = kb.keywordSegment(docId);
        lap('indexMs');
        onProgress({ stage: 'saving', done: 0, total: 1 });
        try {
          signal.throwIfAborted();
          this.wrote(await this.deps.store.addDocuments([{ bundle, keywords }]));
          lap('persistMs');
        } catch (e) {
          kb.removeDocument(docId);
          throw e;
        }
        this.docs.set(docId, document);
        this.embedding.delete(docId);
      });
      onProgress({ stage: 'saving', done: 1, total: 1 });
      timings.totalMs = performance.now() - t0;
      if (timings.embedMs > 2000) this.embedRate = (built.sentences.length + built.chunks.length) / (timings.embedMs / 1000);
      return { document, timings, sentences: built.sentences.length };
    } catch (e) {
      if (keywordsOnly) this.stopKeywordSearch(keywordsOnly);
      throw asIngestError(e, name);
    }
  }

  /** Makes a parsed document searchable by keyword at once, while its vectors are computed. */
  private searchableByKeyword(docId: DocumentId, parsed: ParsedDocument, name: string, chunker: ChunkerSettings, onProgress: (p: IngestEvent) => void): void {
    const chunks = keywordFirstChunks({ docId, parsed, fileName: name, chunker });
    if (chunks.length === 0) return;
    this.requireOpen().addKeywordsOnly(docId, chunks);
    this.embedding.set(docId, { name, title: describeDocument(parsed, name).title });
    onProgress({ stage: 'searchable', chunks: chunks.length });
  }

  private stopKeywordSearch(docId: DocumentId): void {
    if (this.kb?.isPending(docId)) this.kb.removeDocument(docId);
    this.embedding.delete(docId);
  }

  /**
   * The knowledge base, remade for the embedder's dimension while it holds no vectors (an empty
   * library takes the dimension of whichever model fills it first); documents searchable by
   * keyword only come along.
   */
  private fitDimension(dim: number): KnowledgeBase {
    const kb = this.requireOpen();
    if (kb.embeddedChunkCount > 0 || kb.vectors.dim === dim) return kb;
    const next = this.newKnowledgeBase(dim);
    for (const { docId, chunks } of kb.pendingDocuments()) next.addKeywordsOnly(docId, chunks);
    return (this.kb = next);
  }

  /** Refuses a document too large for the tab or the free storage, and announces a long one, before any embedding. */
  private async checkEstimate(chars: number, fileBytes: number, chunker: ChunkerSettings, name: string, onProgress: (p: IngestEvent) => void): Promise<void> {
    const estimate = estimateIngest({
      chars,
      fileBytes,
      dim: this.kb?.vectors.dim ?? 512,
      maxChunkChars: chunker.kind === 'fixed' ? chunker.size : chunker.maxChars,
      sentencesPerSecond: this.embedRate,
    });
    const usage = await this.deps.store.usage();
    const maxChars = this.deps.maxDocumentChars ?? MAX_DOCUMENT_CHARS;
    const verdict = judgeEstimate(estimate, usage && usage.quotaBytes - usage.usedBytes, maxChars);
    if ('refuse' in verdict) throw new IngestError(chars > maxChars ? 'too-large' : 'quota', name, verdict.refuse);
    if ('warn' in verdict) onProgress({ stage: 'estimate', note: verdict.warn });
  }

  /**
   * Rebuilds documents from their stored files with the current chunker and model, so a
   * settings change reaches documents already added (unchanged sentences come from the
   * embedding cache). Switching model needs every document, since vectors of two models
   * cannot be searched together. Nothing is written until every document is rebuilt.
   */
  reindex(ids: DocumentId[], onProgress: (p: ReindexEvent) => void, signal: AbortSignal): Promise<DocumentRecord[]> {
    return this.enqueue(() => this.write(() => this.reindexNow(ids, onProgress, signal)), signal);
  }

  private async reindexNow(ids: DocumentId[], onProgress: (p: ReindexEvent) => void, signal: AbortSignal): Promise<DocumentRecord[]> {
    this.requireOpen();
    const targets = ids.map((id) => this.docs.get(id)).filter((d): d is DocumentRecord => d !== undefined);
    const chunker = this.settings.chunker;
    const embedder = await this.prepareEmbedder();
    const others = [...this.docs.values()].filter((d) => !ids.includes(d.id));
    const stale = others.find((d) => d.embedderId !== embedder.id);
    if (stale) throw new Error(`${stale.name} was indexed with ${stale.embedderId}: re-index every document to switch to ${embedder.id}.`);

    const bundles = [];
    for (const [i, doc] of targets.entries()) {
      const progress = (event: IngestEvent) => onProgress({ name: doc.name, done: i, total: targets.length, event });
      const file = await this.deps.store.getFile(doc.id);
      if (!file) throw new IngestError('storage', doc.name, 'its original file is missing from storage; delete it and add it again.');
      try {
        const splitScorer = await this.splitScorerFor(chunker, doc.name, signal);
        const parsed = await this.deps.parse(new Uint8Array(file.bytes), doc.name, file.mime, progress, signal);
        const stored = await this.deps.store.getText(doc.id);
        const earlier = stored && { text: stored.text, sections: stored.sections, summary: doc.summary };
        const { built, summary } = await prepareDocument({ docId: doc.id, parsed, fileName: doc.name, embedder, chunker, signal, onProgress: progress, splitScorer, earlier }, this.deps);
        bundles.push(
          makeBundle({ docId: doc.id, name: doc.name, mime: file.mime, bytes: file.bytes, addedAt: doc.addedAt, parsed, built, chunker, embedder, chunkerModel: splitScorer?.model, summary }),
        );
      } catch (e) {
        throw asIngestError(e, doc.name);
      }
    }
    signal.throwIfAborted();
    onProgress({ name: targets.at(-1)?.name ?? '', done: targets.length, total: targets.length, event: { stage: 'saving', done: 0, total: 1 } });
    return this.addBundles(bundles, others.length > 0);
  }

  /**
   * Stores complete documents (rebuilt, or imported) in one transaction and makes them
   * searchable; on failure nothing changes. `keepOthers: false` lets vectors of a new size
   * replace an index whose other documents are all being replaced. Call inside `write`.
   */
  private async addBundles(bundles: DocumentBundle[], keepOthers = true): Promise<DocumentRecord[]> {
    let kb = this.requireOpen();
    const dim = bundles[0]?.vectors.dim;
    if (dim !== undefined && kb.vectors.dim !== dim) {
      if (keepOthers && kb.chunkCount > 0) throw new Error('the new model makes vectors of another size: re-index every document');
      kb = this.newKnowledgeBase(dim);
    }
    const entries = bundles.map((bundle) => {
      const id = bundle.document.id;
      kb.addDocument(id, bundle.chunks.chunks, bundle.vectors.data);
      return { bundle, keywords: kb.keywordSegment(id) };
    });
    try {
      this.wrote(await this.deps.store.addDocuments(entries));
    } catch (e) {
      // Storage is the source of truth: reload from it.
      await this.load();
      throw e;
    }
    this.kb = kb;
    for (const b of bundles) this.docs.set(b.document.id, b.document);
    return bundles.map((b) => b.document);
  }

  /** The whole knowledge base (documents and settings) as one verified archive; waits its turn behind writes. */
  exportArchive(onProgress: (p: BackupProgress) => void, signal: AbortSignal): Promise<Uint8Array> {
    return this.enqueue(() => exportKnowledgeBase(this.deps.store, onProgress, signal), signal);
  }

  /** Verifies an archive, then merges its documents in one transaction (same id: replaced); a refused file changes nothing. */
  importArchive(bytes: Uint8Array, onProgress: (p: BackupProgress) => void, signal: AbortSignal): Promise<ImportResult> {
    return this.enqueue(() => this.write(() => {
      const target = { documents: [...this.docs.values()], settings: this.settings, addBundles: (b: DocumentBundle[]) => this.addBundles(b), updateSettings: (p: Partial<Settings>) => this.updateSettings(p) };
      return importKnowledgeBase(bytes, target, onProgress, signal);
    }), signal);
  }

  deleteDocument(id: DocumentId): Promise<void> {
    return this.enqueue(() => this.write(async () => {
      const kb = this.requireOpen();
      if (!this.docs.has(id)) return;
      kb.removeDocument(id);
      try {
        this.wrote(await this.deps.store.deleteDocument(id));
      } catch (e) {
        // Storage is the source of truth and still holds the document: reload from it.
        await this.open();
        throw e;
      }
      this.docs.delete(id);
    }));
  }

  /** Deletes every document, index, setting and cached embedding; returns the default settings. */
  clear(): Promise<Settings> {
    return this.enqueue(() => this.write(async () => {
      this.wrote(await this.deps.store.clear());
      this.docs.clear();
      this.kb = this.newKnowledgeBase(this.kb?.vectors.dim ?? 512);
      this.settings = DEFAULT_SETTINGS;
      return this.settings;
    }));
  }

  /** Searches the chosen documents (all when none are given); `routing: false` searches them all even when the query names some. */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    const kb = this.requireOpen();
    const traces: Trace[] = [];
    const { weights, limit } = this.settings.search;
    let mode = this.settings.search.mode;
    let vector: Float32Array | undefined;
    let warning: string | undefined;
    let modelPending: true | undefined;
    if (mode !== 'bm25' && kb.chunkCount > 0 && this.modelLoading()) {
      // Keywords now rather than a wait of seconds for the model; the caller searches again when it has loaded.
      mode = 'bm25';
      modelPending = true;
      warning = MODEL_PENDING_NOTE;
      traces.push({ stage: 'query-embedding', ms: 0, detail: { ok: false, pending: true } });
    } else if (mode !== 'bm25' && kb.chunkCount > 0) {
      // Vectors still being read after opening (the model was ready first): wait for them.
      if (kb.vectorsPending) await this.vectorsIn;
      const t = performance.now();
      try {
        const embedder = await this.prepareEmbedder();
        const mismatch = this.modelMismatch(embedder);
        if (mismatch) throw new Error(`${mismatch} Select that model in Settings to search by meaning.`);
        [vector] = await embedder.embed([query]);
      } catch (e) {
        mode = 'bm25';
        warning = `Keyword results only: ${e instanceof Error ? e.message : String(e)}`;
      }
      traces.push({ stage: 'query-embedding', ms: performance.now() - t, detail: { ok: vector !== undefined } });
    }
    const chosen = options.docIds?.length ? new Set(options.docIds) : undefined;
    const route = (options.routing ?? this.settings.pipeline.routing) ? routeQuestion(query, this.cards().filter((d) => !chosen || chosen.has(d.docId))) : undefined;
    const docIds = route?.docIds ?? chosen;
    const { candidates, trace } = await kb.searchLoaded(query, vector, { mode, weights, limit, docIds });
    traces.push(...trace);
    const queryTerms = new Set(candidates.flatMap((c) => c.terms));
    const hits = candidates.map((c) => {
      const doc = this.docs.get(c.chunk.docId);
      const embedding = doc ? undefined : this.embedding.get(c.chunk.docId);
      return {
        ...c,
        docTitle: doc?.title ?? embedding?.title ?? '',
        docName: doc?.name ?? embedding?.name ?? '',
        highlights: highlightRanges(c.chunk.text, queryTerms),
        ...(embedding ? { embedding: true as const } : {}),
      };
    });
    return { query, hits: hits.map(({ terms: _t, ...h }) => h), traces, warning, ...(modelPending ? { modelPending } : {}), routed: route?.routed ?? [] };
  }

  /** The split scorer the 'llm' chunker needs (undefined for other chunkers); without one, the file fails clearly before any work. */
  private async splitScorerFor(chunker: ChunkerSettings, name: string, signal: AbortSignal): Promise<SplitScorer | undefined> {
    if (chunker.kind !== 'llm') return undefined;
    const scorer = await this.deps.splitScorer?.(signal);
    if (!scorer) throw new IngestError('model', name, SPLIT_SCORER_NEEDED);
    return scorer;
  }

  /**
   * What the question pipeline reads from the library. The query vector is undefined when the
   * model cannot embed it (not loaded, or the library holds another model's vectors), and
   * retrieval then uses keywords only.
   */
  retrievalDeps(): Pick<AskDeps, 'search' | 'vectorOf' | 'titleOf' | 'embedQuery' | 'chunksOf' | 'loadDocuments' | 'documentIds' | 'embedder' | 'cards'> {
    const kb = this.requireOpen();
    return {
      ...knowledgeBaseDeps(kb),
      documentIds: () => [...this.docs.keys()].filter((id) => kb.countOf(id) > 0),
      cards: () => this.cards(),
      // Attribution embeds answer and source sentences with the library's model, loaded lazily.
      embedder: {
        get id() {
          return 'library-embedder';
        },
        get dim() {
          return kb.vectors.dim;
        },
        embed: async (texts, signal) => (await this.prepareEmbedder()).embed(texts, signal),
      },
      titleOf: (docId) => this.docs.get(docId)?.title || this.docs.get(docId)?.name || this.embedding.get(docId)?.title || docId,
      embedQuery: async (text, signal) => {
        if (kb.chunkCount === 0) return undefined;
        const embedder = await this.prepareEmbedder().catch(() => undefined);
        if (!embedder || this.modelMismatch(embedder)) return undefined;
        const [vector] = await embedder.embed([text], signal);
        return vector;
      },
    };
  }

  /** Every searchable document's card; documents indexed before cards get one from their title and file name. */
  private cards(): Array<{ docId: DocumentId; card: DocumentCard }> {
    const kb = this.requireOpen();
    return [...this.docs.values()]
      .filter((d) => kb.countOf(d.id) > 0)
      .map((d) => ({ docId: d.id, card: d.card ?? describeDocument({ title: d.title, text: '', pages: [] }, d.name) }));
  }

  get currentSettings(): Settings {
    return this.settings;
  }

  /**
   * The chunking lab over library documents. It only reads (the documents' text is copied out
   * first), so it runs beside ingests rather than holding up the write queue. Retrieval uses the
   * current search weights and header setting; the LLM chunker uses the loaded model, if any.
   */
  async lab(request: LabRequest, onProgress: (p: LabProgress) => void, signal: AbortSignal): Promise<LabResponse> {
    const documents: LabCandidateDoc[] = [];
    for (const id of request.docIds) {
      const doc = this.docs.get(id);
      const text = doc && (await this.deps.store.getText(id));
      if (!doc || !text) throw new LabRequestError('The lab cannot run: a chosen document is no longer in the library; choose the documents again.');
      documents.push({ docId: id, name: doc.name, title: doc.title, text: text.text, pages: text.pages, sections: text.sections });
    }
    const embedder = await this.prepareEmbedder();
    const scorer = request.llm ? await this.deps.splitScorer?.(signal) : undefined;
    const { search, chunker } = this.settings;
    return runLabRequest(request, { documents, embedder, scorer, weights: search.weights, headers: chunker.headers !== false }, onProgress, signal);
  }

  async inspect(id: DocumentId): Promise<Inspection> {
    const document = this.docs.get(id);
    if (!document) throw new Error(`no document with id ${id}`);
    const [text, chunks] = await Promise.all([this.deps.store.getText(id), this.deps.store.getChunks(id)]);
    if (!text || !chunks) throw new Error(`${document.name}: its stored text is missing`);
    return {
      document,
      sentences: text.sentences.map(({ start, end }) => ({ start, end, text: text.text.slice(start, end) })),
      neighbourSims: Array.from(text.neighbourSims),
      chunks: chunks.chunks,
      ...(document.chunker.kind === 'semantic' ? breakpointOf(text.neighbourSims, document.chunker) : {}),
    };
  }

  /** A document's stored text and, for a PDF, its original file, to show a passage where it came from. */
  async source(id: DocumentId): Promise<DocumentSource> {
    const document = this.docs.get(id);
    if (!document) throw new Error('this document is no longer in the library');
    const [text, file] = await Promise.all([this.deps.store.getText(id), document.kind === 'pdf' ? this.deps.store.getFile(id) : undefined]);
    if (!text) throw new Error(`${document.name}: its stored text is missing`);
    return { document, text: text.text, pages: text.pages, bytes: file ? new Uint8Array(file.bytes) : undefined };
  }

  /** Vectors from different models cannot be compared: says why, if the library was indexed with another. */
  private modelMismatch(embedder: Embedder): string | undefined {
    const other = [...this.docs.values()].find((d) => d.embedderId !== embedder.id);
    return other ? `The library was indexed with the model ${other.embedderId}, but ${embedder.id} is selected.` : undefined;
  }

  /** An empty knowledge base that reads chunk texts from this library's store when it needs them. */
  private newKnowledgeBase(dim: number): KnowledgeBase {
    const { store } = this.deps;
    return new KnowledgeBase(dim, { loadChunks: async (id) => (await store.getChunks(id))?.chunks });
  }

  private requireOpen(): KnowledgeBase {
    if (!this.kb) throw new Error('the library is not open yet');
    return this.kb;
  }
}

/** The cut a semantic chunker setting came to for a document's stored neighbour similarities. */
function breakpointOf(sims: Float32Array, chunker: Extract<ChunkerSettings, { kind: 'semantic' }>): Pick<Inspection, 'threshold' | 'percentile'> {
  const threshold = effectiveThreshold(sims, chunker);
  return chunker.percentile === undefined ? { threshold } : { threshold, percentile: chunker.percentile };
}

function asIngestError(e: unknown, name: string): Error {
  if (isIngestError(e)) return e;
  if (e instanceof DOMException && e.name === 'AbortError') return new IngestError('cancelled', name, 'cancelled; nothing was added.');
  if (e instanceof Error && e.name === 'AbortError') return new IngestError('cancelled', name, 'cancelled; nothing was added.');
  if (e instanceof Error && e.name === 'LlmChunkingError') return new IngestError('model', name, `${e.message}.`.replace(/\.\.$/, '.'));
  const msg = e instanceof Error ? e.message : String(e);
  return new IngestError('corrupt', name, `it could not be read (${msg}).`);
}

/** Who found a headingless document's sections, for its notes. */
