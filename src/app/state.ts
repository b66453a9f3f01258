import { useSyncExternalStore } from 'react';
import type { LibraryClient } from './client';
import type { LlmClient } from './llm-client';
import type { KeyValueStore } from './pending-ingests';
import { readPersisted } from './persistence';
import { StateCell } from './state/slice';
import type { AppState, Listener, Notice } from './state/types';
import { ModelsSlice } from './state/models';
import { QuestionsSlice } from './state/questions';
import { JobsSlice } from './state/jobs';
import { DocumentsSlice } from './state/documents';
import { BackupSlice } from './state/backup';
import { TourSlice } from './state/tour';
import { message } from './state/message';

export * from './state/types';
export { message } from './state/message';

/**
 * The page's state and the commands that change it. React components read the state
 * (useAppState) and call the commands of its slices (store.questions.ask, store.jobs.addFiles…);
 * all work goes to the workers through the clients. Each part of the state has its slice in state/.
 */
export class AppStore {
  private readonly cell = new StateCell();
  readonly models: ModelsSlice;
  readonly questions: QuestionsSlice;
  readonly jobs: JobsSlice;
  readonly documents: DocumentsSlice;
  readonly backup: BackupSlice;
  readonly tour: TourSlice;

  constructor(
    readonly client: LibraryClient,
    readonly llm?: LlmClient,
    storage: KeyValueStore | undefined = safeLocalStorage(),
  ) {
    this.models = new ModelsSlice(this.cell, this);
    this.questions = new QuestionsSlice(this.cell, this);
    this.jobs = new JobsSlice(this.cell, this, storage);
    this.documents = new DocumentsSlice(this.cell, this);
    this.backup = new BackupSlice(this.cell, this);
    this.tour = new TourSlice(this.cell, this);
  }

  get = (): AppState => this.cell.state;
  subscribe = (l: Listener) => this.cell.subscribe(l);

  /** Timings of the latest ingest, read by the ingest benchmark. */
  get lastIngest() {
    return this.jobs.lastIngest;
  }

  notify(kind: Notice['kind'], text: string) {
    this.cell.notify(kind, text);
  }

  dismiss(id: number) {
    this.cell.set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  }

  async start() {
    // Only read whether storage is persistent here: it is asked for at the first file added, as asking may prompt.
    void readPersisted().then((persisted) => this.cell.set({ persisted }));
    this.client.onLibraryChanged = () => void this.documents.syncDocuments();
    try {
      const r = await this.client.open();
      this.cell.set({ ready: true, readyAt: performance.now(), documents: r.documents, usage: r.usage, settings: r.settings, loadMs: r.loadMs });
    } catch (e) {
      this.notify('error', `Could not open the knowledge base: ${message(e)}`);
      this.cell.set({ ready: true });
    }
    // After the library is read, so that an add stored just before its page closed is not reported as lost.
    void this.jobs.findInterrupted();
    // The use split into library, cache, model and app files reads the caches: after opening, not in its way.
    void this.documents.refreshUsage();
    void this.models.loadModel();
    void this.models.loadLlm();
    void this.models.loadSiteModels();
  }
}

/** The page's localStorage, or undefined where reading it throws (e.g. storage blocked). */
function safeLocalStorage(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function useAppState(store: AppStore): AppState {
  return useSyncExternalStore(store.subscribe, store.get);
}
