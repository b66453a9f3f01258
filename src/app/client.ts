import { RpcClient, type CallOptions } from '../rpc/wrap';
import type { DocumentRecord, StorageUsage } from '../core/kb/records';
import type { LoadProgress } from '../core/embed/embedder';
import type { Settings } from '../core/settings';
import type { AskEvent, AskResult } from '../core/pipeline/types';
import type { QuestionOptions } from '../services/questions';
import type { LabRequest } from '../core/lab/request';
import type { LabProgress } from '../core/lab/run';
import type { LabResponse } from '../services/lab';
import type { BackupProgress } from '../core/backup';
import type { ImportResult } from '../services/backup';
import type { DocumentSource, IngestEvent, IngestResult, Inspection, OpenResult, ReindexEvent, SearchOptions, SearchResponse } from '../services/library';

/** Typed calls into the library worker. Every method is a message; no work happens here. */
export class LibraryClient {
  private rpc: RpcClient;
  readonly worker: Worker;
  /** Called when another tab changed the stored documents and this tab's library caught up. */
  onLibraryChanged?: () => void;

  /** onCrash: the worker died or asked the user to act (e.g. reload after an update in another tab). */
  constructor(onCrash: (message: string) => void) {
    this.worker = new Worker(new URL('../workers/library.worker.ts', import.meta.url), { type: 'module', name: 'library' });
    this.rpc = new RpcClient(this.worker as unknown as ConstructorParameters<typeof RpcClient>[0]);
    this.worker.addEventListener('message', (e: MessageEvent) => {
      if (e.data?.kind === 'notice' && typeof e.data.text === 'string') onCrash(e.data.text);
      if (e.data?.kind === 'library-changed') this.onLibraryChanged?.();
    });
    this.worker.addEventListener('error', (e) => {
      const message = `The background worker stopped: ${e.message || 'unknown error'}`;
      this.rpc.failAll(new Error(message));
      onCrash(message);
    });
  }

  open = () => this.rpc.call<OpenResult>('open');
  listDocuments = () => this.rpc.call<DocumentRecord[]>('listDocuments');
  usage = () => this.rpc.call<StorageUsage | undefined>('usage');
  ingest = (file: File, options: CallOptions<IngestEvent>) => this.rpc.call<IngestResult>('ingest', [file], options);
  reindex = (ids: string[], options: CallOptions<ReindexEvent>) => this.rpc.call<DocumentRecord[]>('reindex', [ids], options);
  deleteDocument = (id: string) => this.rpc.call<void>('deleteDocument', [id]);
  exportArchive = (options: CallOptions<BackupProgress>) => this.rpc.call<Uint8Array>('exportArchive', [], options);
  /** The bytes are moved to the worker, not copied: `bytes` is empty afterwards. */
  importArchive = (bytes: Uint8Array, options: CallOptions<BackupProgress>) => this.rpc.call<ImportResult>('importArchive', [bytes], { ...options, transfer: [bytes.buffer] });
  clear = () => this.rpc.call<Settings>('clear');
  search = (query: string, options: SearchOptions = {}) => this.rpc.call<SearchResponse>('search', [query, { docIds: options.docIds, routing: options.routing }]);
  inspect = (id: string) => this.rpc.call<Inspection>('inspect', [id]);
  /** A document's stored text and pages, and for a PDF its original bytes (moved, not copied). */
  source = (id: string) => this.rpc.call<DocumentSource>('source', [id]);
  lab = (request: LabRequest, options: CallOptions<LabProgress>) => this.rpc.call<LabResponse>('lab', [request], options);
  updateSettings = (patch: Partial<Settings>) => this.rpc.call<Settings>('updateSettings', [patch]);
  ask = (question: string, options: CallOptions<AskEvent> & QuestionOptions) =>
    this.rpc.call<AskResult>('ask', [question, { docIds: options.docIds, pipeline: options.pipeline }], { ...options, settleOnAbort: true });
  prepareEmbedder = (options: CallOptions<LoadProgress>) => this.rpc.call<{ id: string; dim: number }>('prepareEmbedder', [], options);
}
