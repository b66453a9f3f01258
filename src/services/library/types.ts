import { type RoutedDocument } from '../../core/card';
import type { Chunk, DocumentId, PageSpan, ParsedDocument, Progress, Trace } from '../../core/types';
import { type SplitScorer } from '../../core/llamachunk';
import { type DocumentRecord, type StorageUsage, type Candidate } from '../../core/kb';
import type { Embedder, LoadProgress } from '../../core/embed';
import type { KnowledgeBaseStore } from '../../adapters/store';
import { type PrepareHooks } from '../../core/ingest';
import { type EmbedderSettings, type Settings } from '../../core/settings';
import type { ParseHooks } from '../parse-file';
import type { CachedFiles } from '../../adapters/cached-files';

/** A file as it arrives from the page (a File or anything shaped like one). */
export interface IncomingFile {
  name: string;
  type: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** How an add treats a file whose bytes are already in the library: add it anyway (the default) or refuse it. */
export interface IngestOptions {
  duplicates?: 'keep' | 'refuse';
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

  /**
   * Holds a named lock while `work` runs and lists the names held, in every tab (navigator.locks
   * in the browser, see webLocks): an add holds one, so that opening the library can tell the
   * cache entries of an add whose page closed from those of an add still running elsewhere.
   * Without it, such entries are swept once they are an hour old.
   */
  locks?: NamedLocks;

  /** Cached app and model files beside the library (adapters/cached-files); model files give way when the library needs room. */
  cachedFiles?: CachedFiles;

  /** Told after this library changed the stored documents, so other tabs can catch up (a BroadcastChannel in the app). */
  announce?: () => void;

  /** The largest document accepted, in characters (default MAX_DOCUMENT_CHARS; tests lower it). */
  maxDocumentChars?: number;
}

/** The name other tabs' libraries share for the lock and the change channel. */
export const LIBRARY_CHANNEL = 'sieve-library';

export interface NamedLocks {
  hold<T>(name: string, work: () => Promise<T>): Promise<T>;
  held(): Promise<Set<string>>;
}

/** Named locks from the Web Locks API, where this scope has it. */
export function webNamedLocks(): NamedLocks | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks?.query) return undefined;
  return {
    hold: <T>(name: string, work: () => Promise<T>) => locks.request(name, work) as Promise<T>,
    held: async () => new Set(((await locks.query()).held ?? []).map((l) => l.name ?? '')),
  };
}

/** The lock an add holds while it runs, named by its cache owner tag (see cacheOwner). */
export const addLockName = (owner: string) => `sieve-add:${owner}`;

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
