import { failAll, wrap, type CallOptions, type Remote } from '../rpc/wrap';
import { listen } from '../rpc/events';
import { LIBRARY_METHODS, type LibraryApi, type LibraryEvents } from '../rpc/apis/library';
import type { BackupProgress } from '../core/backup';
import type { SearchOptions } from '../services/library';

/** The methods whose calls the client shapes itself (below); the rest are LibraryApi's as they are. */
type Shaped = 'search' | 'importArchive' | 'attachLlm';

// The class gets the remote's other methods in its constructor; this says so to the type checker.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface LibraryClient extends Omit<Remote<LibraryApi>, Shaped> {}

/** Typed calls into the library worker (LibraryApi). Every method is a message; no work happens here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class LibraryClient {
  readonly worker: Worker;
  readonly remote: Remote<LibraryApi>;
  /** Called when another tab changed the stored documents and this tab's library caught up. */
  onLibraryChanged?: () => void;

  /** onCrash: the worker died or asked the user to act (e.g. reload after an update in another tab). */
  constructor(onCrash: (message: string) => void) {
    this.worker = new Worker(new URL('../workers/library.worker.ts', import.meta.url), { type: 'module', name: 'library' });
    this.remote = wrap<LibraryApi>(this.worker, LIBRARY_METHODS);
    for (const [name, method] of Object.entries(this.remote)) if (!(name in this)) (this as Record<string, unknown>)[name] = method;
    listen<LibraryEvents>(this.worker, { notice: onCrash, changed: () => this.onLibraryChanged?.() });
    this.worker.addEventListener('error', (e) => {
      const message = `The background worker stopped: ${e.message || 'unknown error'}`;
      failAll(this.remote, new Error(message));
      onCrash(message);
    });
  }

  /** Only the options that cross to the worker. */
  search = (query: string, options: SearchOptions = {}) => this.remote.search(query, { docIds: options.docIds, routing: options.routing });
  /** The bytes are moved to the worker, not copied: `bytes` is empty afterwards. */
  importArchive = (bytes: Uint8Array, options: CallOptions<BackupProgress>) => this.remote.importArchive(bytes, { ...options, transfer: [bytes.buffer] });
}
