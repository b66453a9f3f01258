import type { CallContext } from '../protocol';
import type { Methods } from '../types';
import type { DocumentRecord, StorageUsage } from '../../core/kb';
import type { LoadProgress } from '../../core/embed';
import type { Settings } from '../../core/settings';
import type { AskEvent, AskResult } from '../../core/pipeline';
import type { LabRequest, LabProgress } from '../../core/lab';
import type { BackupProgress } from '../../core/backup';
import type { QuestionOptions } from '../../services/questions';
import type { LabResponse } from '../../services/lab';
import type { ImportResult } from '../../services/backup';
import type {
  DocumentSource,
  IncomingFile,
  IngestEvent,
  IngestOptions,
  IngestResult,
  Inspection,
  OpenResult,
  ReindexEvent,
  SearchOptions,
  SearchResponse,
} from '../../services/library';

/** The library worker (src/workers/library.worker.ts), as the page calls it. */
export interface LibraryApi {
  open(): Promise<OpenResult>;
  listDocuments(): Promise<DocumentRecord[]>;
  usage(): Promise<StorageUsage | undefined>;
  ingest(file: IncomingFile, options: IngestOptions, ctx: CallContext<IngestEvent>): Promise<IngestResult>;
  reindex(ids: string[], ctx: CallContext<ReindexEvent>): Promise<DocumentRecord[]>;
  deleteDocument(id: string): Promise<void>;
  /** The archive's buffer is moved to the page, not copied. */
  exportArchive(ctx: CallContext<BackupProgress>): Promise<Uint8Array>;
  importArchive(bytes: Uint8Array, ctx: CallContext<BackupProgress>): Promise<ImportResult>;
  clear(): Promise<Settings>;
  /** Empties the embedding cache and deletes cached model files, keeping every document; resolves to the storage use after. */
  freeSpace(): Promise<StorageUsage | undefined>;
  search(query: string, options: SearchOptions): Promise<SearchResponse>;
  inspect(id: string): Promise<Inspection>;
  /** A document's stored text and pages, and for a PDF its original bytes (moved, not copied). */
  source(id: string): Promise<DocumentSource>;
  lab(request: LabRequest, ctx: CallContext<LabProgress>): Promise<LabResponse>;
  updateSettings(patch: Partial<Settings>): Promise<Settings>;
  ask(question: string, options: QuestionOptions, ctx: CallContext<AskEvent>): Promise<AskResult>;
  prepareEmbedder(ctx: CallContext<LoadProgress>): Promise<{ id: string; dim: number }>;
  /** A port connected to the LLM worker (LlmWorkerApi.connect), so questions reach the model directly. */
  attachLlm(port: MessagePort): void;
}

export const LIBRARY_METHODS: Methods<LibraryApi> = {
  open: 0,
  listDocuments: 0,
  usage: 0,
  ingest: 2,
  reindex: 1,
  deleteDocument: 1,
  exportArchive: 0,
  importArchive: 1,
  clear: 0,
  freeSpace: 0,
  search: 2,
  inspect: 1,
  source: 1,
  lab: 1,
  updateSettings: 1,
  ask: 2,
  prepareEmbedder: 0,
  attachLlm: 1,
};

/** What the library worker tells the page unasked. */
export interface LibraryEvents {
  /** Something the user must act on, e.g. reload after Sieve was updated in another tab. */
  notice: string;
  /** Another tab changed the stored documents and this tab's library caught up. */
  changed: undefined;
}
