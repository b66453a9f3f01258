import { useSyncExternalStore } from 'react';
import type { DocumentRecord, StorageUsage } from '../core/kb/records';
import type { Settings, WllamaSettings } from '../core/settings';
import type { DocumentSource, IngestEstimateEvent, IngestEvent, IngestSearchableEvent, IngestTimings, Inspection, SearchOptions, SearchResponse } from '../services/library';
import type { Chunk } from '../core/types';
import type { LibraryClient } from './client';
import type { LlmClient } from './llm-client';
import type { LlmInfo } from '../core/llm/engine';
import type { AskResult, CandidateRow, SegmentSource, StageName, StageTrace } from '../core/pipeline/types';
import type { JudgeCost } from '../core/pipeline/llm-retriever';
import { describeLlmError } from './llm-errors';
import type { LabRequest } from '../core/lab/request';
import type { LabProgress } from '../core/lab/run';
import type { LabResponse } from '../services/lab';
import type { QuestionOptions } from '../services/questions';
import { newLabDraft, type LabDraft } from './lab-draft';
import { parseManifest, type ManifestModel, type ModelErrorCode } from '../core/models';
import type { WebLlmCatalogue } from '../adapters/webllm';
import { parseQuestions } from '../core/eval/financebench';
import { pruneScope } from './scope';
import { PendingIngestLog, holdPageLock, leftOver, livePages, newPageId, type KeyValueStore, type PendingIngest } from './pending-ingests';
import { readPersisted, requestPersistence } from './persistence';
import type { BackupProgress } from '../core/backup';
import { backupFileName, downloadBytes, exportSummary, importFailure, importSummary } from './backup';
import { nextClock, type StageClock } from './progress-text';

/** Where the app lists the models it serves itself (written by `npm run models`). */
const SITE_MANIFEST = '/models/manifest.json';

/** The walk-through's sample document, served from public/samples. */
export const SAMPLE_DOCUMENT = '/samples/lighthouses.md';
export const SAMPLE_QUESTIONS = '/samples/lighthouses.questions.jsonl';

export interface Job {
  id: number;
  name: string;
  size: number;
  event?: Exclude<IngestEvent, IngestEstimateEvent | IngestSearchableEvent>;
  /** Searchable by keyword already (this many provisional chunks) while its vectors are computed. */
  searchable?: number;
  /** What a long document will cost (chunks, storage, time), said once its text is read. */
  estimate?: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  error?: string;
  /** When it was added (ms, Date.now), and when its current stage began: the row's elapsed time, rate and time left. */
  startedAt: number;
  clock?: StageClock;
  cancel(): void;
}

export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

export interface ModelStatus {
  state: 'idle' | 'loading' | 'ready' | 'failed';
  loaded?: number;
  total?: number;
  id?: string;
  error?: string;
}

/** WebLLM's prebuilt models for this GPU, as the LLM worker found them. */
export type WebLlmModelList = { state: 'loading' } | ({ state: 'ready' } & WebLlmCatalogue) | { state: 'failed'; error: string };

export interface LlmStatus {
  state: 'none' | 'loading' | 'ready' | 'failed';
  info?: LlmInfo;
  loaded?: number;
  total?: number;
  file?: string;
  error?: string;
  /** Why it failed (ModelLoadError's code: 'no-webgpu', 'out-of-memory', …), when the worker said. */
  code?: ModelErrorCode;
}

/** The question being answered (or the last one), filled in stage by stage. */
export interface QuestionState {
  question: string;
  /** The documents it was asked of (all when absent). */
  docIds?: string[];
  /** Asked with routing turned off ("search all documents instead"). */
  unrouted?: boolean;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  stage?: StageName;
  stages: StageTrace[];
  rows: CandidateRow[];
  /** Runs of adjacent chunks given to the answer, when segment extraction is on. */
  segments?: SegmentSource[];
  segmentValues?: AskResult['segmentValues'];
  /** What the LLM retriever announced it would cost before judging. */
  judgeCost?: JudgeCost;
  graded?: { done: number; total: number };
  /** The answer as streamed so far; the final text is in result. */
  answer: string;
  result?: AskResult;
  error?: string;
  cancel(): void;
}

/** The latest search, with what it was asked of. */
export type SearchState = SearchResponse & {
  busy: boolean;
  error?: string;
  /** The documents it was kept to by the user's choice (all when absent). */
  docIds?: string[];
  /** Searched with routing turned off. */
  unrouted?: boolean;
};

/** The latest export or import of the whole library. */
export interface BackupState {
  action: 'export' | 'import';
  status: 'running' | 'done' | 'failed' | 'cancelled';
  progress?: BackupProgress;
  /** The outcome or the refusal, in plain words. */
  message?: string;
  cancel(): void;
}

/** A cited passage shown where it came from: on its PDF page, or in its document's text. */
export interface SourceView {
  chunk: Chunk;
  /** Where it was opened from, for the link back. */
  from: 'answer' | 'search';
  /** The PDF page shown (1-based). */
  page?: number;
  status: 'loading' | 'ready' | 'failed';
  source?: DocumentSource;
  error?: string;
}

/** The chunking lab's latest run. */
export interface LabState {
  request: LabRequest;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  progress?: LabProgress;
  response?: LabResponse;
  error?: string;
  cancel(): void;
}

export interface AppState {
  ready: boolean;
  /** Milliseconds from navigation start until the knowledge base was open and searchable. */
  readyAt?: number;
  /** Time the worker spent reading storage and rebuilding the indexes. */
  loadMs?: number;
  documents: DocumentRecord[];
  usage?: StorageUsage;
  /** Whether the browser keeps this site's storage even when disk space runs low (undefined: it does not say). */
  persisted?: boolean;
  /** Files a closed or reloaded page was still adding (their File objects are gone: the user adds them again). */
  interrupted: PendingIngest[];
  settings?: Settings;
  jobs: Job[];
  /** Documents being deleted: hidden from the list at once, shown again (with deleteErrors) if the delete fails. */
  deleting?: string[];
  /** Why a document's delete failed, by its id: said in its row. */
  deleteErrors?: Record<string, string>;
  notices: Notice[];
  model: ModelStatus;
  search?: SearchState;
  /** The documents questions and searches are kept to, as chosen above the question box (empty: all). */
  scope: string[];
  inspection?: Inspection;
  inspecting?: string;
  /** A chunk to show selected in the inspector (opened from a citation or the pipeline table). */
  focusChunk?: string;
  llm: LlmStatus;
  question?: QuestionState;
  lab?: LabState;
  /** The lab form as typed, kept across tabs (undefined until first edited). */
  labDraft?: LabDraft;
  /** The walk-through's sample questions (public/samples), once read. */
  sampleQuestions?: { text: string; questions: string[] } | { error: string };
  /** Where the guided walk-through is. */
  walk: WalkState;
  /** Models this site serves itself (/models/manifest.json), offered in Settings without typing an id. */
  siteModels?: { models: ManifestModel[]; error?: string };
  /** Read once WebLLM is chosen in Settings. */
  webLlmModels?: WebLlmModelList;
  backup?: BackupState;
  /** The source viewer, while it is open. */
  sourceView?: SourceView;
}

export interface WalkState {
  step: number;
  /** The sample question being followed. */
  question?: string;
}

type Listener = () => void;

/**
 * The app's state and the commands that change it. Components read with `useAppState` and
 * call commands; all work is sent to the library worker through the client.
 */
export class AppStore {
  private state: AppState = { ready: false, documents: [], scope: [], jobs: [], notices: [], interrupted: [], model: { state: 'idle' }, llm: { state: 'none' }, walk: { step: 0 } };
  private listeners = new Set<Listener>();
  private nextId = 1;
  private llmLoads = 0;
  /** The GGUF file last picked: settings cannot hold a File, so it goes to the LLM worker beside them. */
  private ggufFile?: File;
  /** Timings of the latest ingest, read by the ingest benchmark. */
  lastIngest?: { name: string; timings: IngestTimings };
  /** Files being added, noted in localStorage until their job ends, so a reload mid-ingest can say what was lost. */
  private readonly pending: PendingIngestLog;
  /** Persistent storage is asked for once per page, at the first file added (a browser may prompt). */
  private persistAsked = false;

  constructor(
    private readonly client: LibraryClient,
    private readonly llm?: LlmClient,
    storage: KeyValueStore | undefined = safeLocalStorage(),
  ) {
    this.pending = new PendingIngestLog(storage, newPageId());
  }

  get = () => this.state;

  subscribe = (l: Listener) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)) {
    const p = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...p };
    for (const l of this.listeners) l();
  }

  notify(kind: Notice['kind'], text: string) {
    const id = this.nextId++;
    this.set((s) => ({ notices: [...s.notices, { id, kind, text }] }));
  }

  dismiss(id: number) {
    this.set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  }

  async start() {
    // Only read whether storage is persistent here: it is asked for at the first file added, as asking may prompt.
    void readPersisted().then((persisted) => this.set({ persisted }));
    void this.findInterrupted();
    this.client.onLibraryChanged = () => void this.syncDocuments();
    try {
      const r = await this.client.open();
      this.set({ ready: true, readyAt: performance.now(), documents: r.documents, usage: r.usage, settings: r.settings, loadMs: r.loadMs });
    } catch (e) {
      this.notify('error', `Could not open the knowledge base: ${message(e)}`);
      this.set({ ready: true });
    }
    void this.loadModel();
    void this.loadLlm();
    void this.loadSiteModels();
  }

  /** Reads the list of models this site serves; a site without one simply offers none. */
  async loadSiteModels() {
    try {
      const res = await fetch(SITE_MANIFEST, { cache: 'no-cache' });
      if (res.status === 404) return this.set({ siteModels: { models: [] } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      this.set({ siteModels: { models: parseManifest(await res.text(), SITE_MANIFEST).models } });
    } catch (e) {
      this.set({ siteModels: { models: [], error: `Could not read the models on this site (${SITE_MANIFEST}): ${message(e)}` } });
    }
  }

  /** Asks the LLM worker (where web-llm lives) for WebLLM's models, once; a failure is kept in state. */
  async loadWebLlmModels() {
    if (this.state.webLlmModels && this.state.webLlmModels.state !== 'failed') return;
    this.set({ webLlmModels: { state: 'loading' } });
    try {
      if (!this.llm) throw new Error('there is no language model worker');
      this.set({ webLlmModels: { state: 'ready', ...(await this.llm.webLlmModels()) } });
    } catch (e) {
      this.set({ webLlmModels: { state: 'failed', error: `The WebLLM model list could not be loaded: ${message(e)}` } });
    }
  }

  /** Loads the language model the settings name; retrieval-only when none is chosen. */
  async loadLlm() {
    const settings = this.state.settings?.llm ?? { kind: 'none' as const };
    const mine = ++this.llmLoads;
    if (settings.kind === 'none' || !this.llm) {
      void this.llm?.unload().catch(() => undefined);
      this.set({ llm: { state: 'none' } });
      return;
    }
    this.set({ llm: { state: 'loading' } });
    // Only the latest load may report: an older one finishing late must not overwrite it.
    const current = () => mine === this.llmLoads;
    // After a reload there is no File: the worker then uses the copy it kept in the browser.
    const picked = this.ggufFile;
    const file = settings.kind === 'wllama' && settings.source === 'file' && picked?.name === settings.fileName && picked?.size === settings.fileSize ? picked : undefined;
    try {
      const info = await this.llm.load(
        settings,
        { onProgress: (p) => current() && this.set({ llm: { state: 'loading', loaded: p.loaded, total: p.total, file: p.file } }) },
        file,
      );
      if (current()) this.set({ llm: info ? { state: 'ready', info } : { state: 'none' } });
    } catch (e) {
      if (current()) this.set({ llm: { state: 'failed', ...describeLlmError(settings, e) } });
    }
  }

  /** Uses a GGUF file the user picked or dropped as the language model (saved by name and size, loaded with the file itself). */
  async useGgufFile(file: File, options: Pick<WllamaSettings, 'nCtx' | 'device'> = {}) {
    this.ggufFile = file;
    const llm: WllamaSettings = { kind: 'wllama', source: 'file', fileName: file.name, fileSize: file.size, ...options };
    // The same file picked again (e.g. after the browser lost its copy) changes no setting: load it directly.
    if (JSON.stringify(this.state.settings?.llm) === JSON.stringify(llm)) await this.loadLlm();
    else await this.updateSettings({ llm });
  }

  /** After a model failed: answer without one (and remember the choice). */
  async useRetrievalOnly() {
    await this.updateSettings({ llm: { kind: 'none' } });
  }

  /** Chooses the documents questions and searches are kept to (empty: all). */
  setScope(docIds: string[]) {
    this.set((s) => ({ scope: pruneScope(docIds, s.documents) }));
  }

  /** Asks a question: of the chosen documents unless the options say which. */
  async ask(question: string, options: QuestionOptions = { docIds: this.chosenDocIds() }) {
    if (!question.trim()) return;
    this.state.question?.cancel();
    const controller = new AbortController();
    const unrouted = options.pipeline?.routing === false || undefined;
    const q: QuestionState = { question, docIds: options.docIds?.length ? options.docIds : undefined, unrouted, status: 'running', stages: [], rows: [], answer: '', cancel: () => controller.abort() };
    this.set({ question: q });
    const update = (patch: Partial<QuestionState> | ((q: QuestionState) => Partial<QuestionState>)) =>
      this.set((s) => (s.question && s.question.cancel === q.cancel ? { question: { ...s.question, ...(typeof patch === 'function' ? patch(s.question) : patch) } } : {}));
    try {
      const result = await this.client.ask(question, {
        ...options,
        signal: controller.signal,
        onProgress: (e) =>
          update((cur) => {
            if (e.kind === 'stage') return e.status === 'start' ? { stage: e.stage } : { stages: [...cur.stages, e.trace!] };
            if (e.kind === 'rows') return { rows: e.rows };
            if (e.kind === 'segments') return { segments: e.segments, segmentValues: e.values };
            if (e.kind === 'graded') return { graded: { done: e.done, total: e.total } };
            if (e.kind === 'judge-cost') return { judgeCost: e.cost };
            return { answer: cur.answer + e.piece };
          }),
      });
      // A generation interrupted by Cancel can still come back as a (partial) result.
      if (controller.signal.aborted) update({ status: 'cancelled', stage: undefined });
      else update({ status: 'done', result, rows: result.rows, segments: result.segments, segmentValues: result.segmentValues, stages: result.stages, answer: result.answer.text, stage: undefined });
    } catch (e) {
      const cancelled = controller.signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', error: cancelled ? undefined : message(e) });
    }
  }

  /** Asks the last question again over the same documents, without keeping to the ones it names. */
  async askWithoutRouting() {
    const q = this.state.question;
    if (q) await this.ask(q.question, { docIds: q.docIds, pipeline: { routing: false } });
  }

  /** The chosen documents, or undefined for all. */
  private chosenDocIds(): string[] | undefined {
    return this.state.scope.length ? this.state.scope : undefined;
  }

  setWalk(patch: Partial<WalkState>) {
    this.set((s) => ({ walk: { ...s.walk, ...patch } }));
  }

  /** Follows a question in the walk-through: asked of the sample document only, with segment extraction on so the tour can show it. */
  async askInWalk(question: string, sampleId: string) {
    this.setWalk({ question });
    const settings = this.state.settings;
    await this.ask(question, { docIds: [sampleId], pipeline: settings && { segments: { ...settings.pipeline.segments, enabled: true } } });
  }

  /** Adds the bundled sample document (public/samples) to the library. */
  async addSample(path = SAMPLE_DOCUMENT) {
    const name = path.split('/').pop()!;
    try {
      const r = await fetch(path);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      this.addFiles([new File([await r.blob()], name, { type: 'text/markdown' })]);
    } catch (e) {
      this.notify('error', `The sample document ${name} could not be read: ${message(e)}`);
    }
  }

  setLabDraft(patch: Partial<LabDraft>) {
    this.set((s) => ({ labDraft: { ...(s.labDraft ?? newLabDraft(s.documents.map((d) => d.id), s.settings)), ...patch } }));
  }

  /** Reads the sample questions once; a failure is kept in state (and said) rather than thrown. */
  async loadSampleQuestions(): Promise<void> {
    if (this.state.sampleQuestions && 'text' in this.state.sampleQuestions) return;
    try {
      const r = await fetch(SAMPLE_QUESTIONS);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const text = await r.text();
      this.set({ sampleQuestions: { text, questions: parseQuestions(text, SAMPLE_QUESTIONS).map((q) => q.question) } });
    } catch (e) {
      this.set({ sampleQuestions: { error: `The sample questions could not be read: ${message(e)}` } });
    }
  }

  /** Puts the sample questions into the lab form. */
  async useSampleQuestionsInLab() {
    await this.loadSampleQuestions();
    const s = this.state.sampleQuestions;
    if (s && 'text' in s) this.setLabDraft({ questionsText: s.text, questionsSource: SAMPLE_QUESTIONS.split('/').pop()!, questionsLoaded: true });
  }

  /** Runs the chunking lab; a new run cancels the one before. */
  async runLab(request: LabRequest) {
    this.state.lab?.cancel();
    const controller = new AbortController();
    const lab: LabState = { request, status: 'running', cancel: () => controller.abort() };
    this.set({ lab });
    const update = (patch: Partial<LabState>) => this.set((s) => (s.lab?.cancel === lab.cancel ? { lab: { ...s.lab, ...patch } } : {}));
    try {
      const response = await this.client.lab(request, { signal: controller.signal, settleOnAbort: true, onProgress: (progress) => update({ progress }) });
      update({ status: 'done', response, progress: undefined });
    } catch (e) {
      const cancelled = controller.signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', error: cancelled ? undefined : message(e), progress: undefined });
    }
  }

  /** Shows a chunk inside its document in the inspector. */
  async openChunk(docId: string, chunkId: string) {
    this.set({ focusChunk: chunkId });
    if (this.state.inspection?.document.id !== docId) await this.inspect(docId);
  }

  /** Opens a passage where it came from: the stored original (PDF page) or the document's text. */
  async openSource(chunk: Chunk, from: SourceView['from']) {
    const kept = this.state.sourceView?.source?.document.id === chunk.docId ? this.state.sourceView.source : undefined;
    const view: SourceView = { chunk, from, page: chunk.pageStart, status: kept ? 'ready' : 'loading', source: kept };
    this.set({ sourceView: view });
    if (kept) return;
    try {
      const source = await this.client.source(chunk.docId);
      this.set((s) => (s.sourceView?.chunk === chunk ? { sourceView: { ...s.sourceView, status: 'ready', source } } : {}));
    } catch (e) {
      this.set((s) => (s.sourceView?.chunk === chunk ? { sourceView: { ...s.sourceView, status: 'failed', error: message(e) } } : {}));
    }
  }

  /** Turns the source viewer to another page of its PDF. */
  showSourcePage(page: number) {
    this.set((s) => (s.sourceView ? { sourceView: { ...s.sourceView, page } } : {}));
  }

  closeSource() {
    this.set({ sourceView: undefined });
  }

  async loadModel() {
    this.set({ model: { state: 'loading' } });
    try {
      const r = await this.client.prepareEmbedder({
        onProgress: (p) => this.set({ model: { state: 'loading', loaded: p.loaded, total: p.total } }),
      });
      this.set({ model: { state: 'ready', id: r.id } });
    } catch (e) {
      this.set({ model: { state: 'failed', error: message(e) } });
      this.notify('error', `The embedding model could not be loaded: ${message(e)}. Keyword search still works; check Settings.`);
    }
    this.completePendingSearch();
  }

  /** A search answered by keywords while the model loaded is run again now that it has (or has failed), replacing its results. */
  private completePendingSearch() {
    const s = this.state.search;
    if (s?.modelPending && !s.busy) void this.search(s.query, { docIds: s.docIds, routing: s.unrouted ? false : undefined }, true);
  }

  /** Finds files a page that has gone was still adding; this page's lock is held first so other tabs do not count its own. */
  private async findInterrupted() {
    await holdPageLock(this.pending.page);
    const interrupted = leftOver(this.pending.list(), this.pending.page, await livePages());
    if (interrupted.length) this.set({ interrupted });
  }

  /** Forgets the interrupted files (the user dismissed the notice, or added them again). */
  dismissInterrupted(keys = this.state.interrupted.map((r) => r.key)) {
    if (keys.length === 0) return;
    this.pending.finish(...keys);
    const drop = new Set(keys);
    this.set((s) => ({ interrupted: s.interrupted.filter((r) => !drop.has(r.key)) }));
  }

  /** Asks once for persistent storage after a file was added, unless it already is. */
  private async askPersistence() {
    if (this.persistAsked || this.state.persisted === true) return;
    this.persistAsked = true;
    const persisted = (await requestPersistence()) ?? (await readPersisted());
    if (persisted !== undefined) this.set({ persisted });
  }

  addFiles(files: File[]) {
    for (const file of files) void this.runJob(file);
  }

  addText(text: string, title: string) {
    const name = `${(title.trim() || 'Pasted text').replace(/[\\/:*?"<>|]+/g, ' ').slice(0, 80)}.txt`;
    this.addFiles([new File([text], name, { type: 'text/plain' })]);
  }

  private async runJob(file: File) {
    const id = this.nextId++;
    const controller = new AbortController();
    const job: Job = { id, name: file.name, size: file.size, status: 'queued', startedAt: Date.now(), cancel: () => controller.abort() };
    this.set((s) => ({ jobs: [...s.jobs, job] }));
    const update = (patch: Partial<Job>) => this.set((s) => ({ jobs: s.jobs.map((j) => (j.id === id ? withClock(j, patch) : j)) }));
    const pendingKey = this.pending.start(file);
    try {
      const { document: doc, timings } = await this.client.ingest(file, { signal: controller.signal, onProgress: (event) => update(jobPatch(event)) });
      this.lastIngest = { name: file.name, timings };
      update({ status: 'done' });
      this.set((s) => ({ documents: [...s.documents.filter((d) => d.id !== doc.id), doc] }));
      // No banner: the document's notes are in its row, routine ones folded away and those to act on marked (note-kind).
      setTimeout(() => this.set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) })), 1500);
      // The same file added again after an interrupted visit: it need not be asked for any more.
      this.dismissInterrupted(this.state.interrupted.filter((r) => r.name === file.name && r.size === file.size).map((r) => r.key));
      void this.askPersistence();
    } catch (e) {
      const cancelled = (e as { code?: string }).code === 'cancelled' || controller.signal.aborted;
      // Said once, in the file's row (an alert there), not again in a banner.
      update({ status: cancelled ? 'cancelled' : 'failed', error: message(e) });
    } finally {
      this.pending.finish(pendingKey);
      this.rerunKeywordOnlySearch();
    }
    void this.refreshUsage();
  }

  /** Results that include chunks of a document still being embedded are renewed when it is added (or fails). */
  private rerunKeywordOnlySearch() {
    const s = this.state.search;
    if (s && !s.busy && s.hits.some((h) => h.embedding)) void this.search(s.query, { docIds: s.docIds, routing: s.unrouted ? false : undefined }, true);
  }

  /** Rebuilds documents with the current settings; shown as one job in the list. */
  async reindex(ids: string[]) {
    const id = this.nextId++;
    const controller = new AbortController();
    const label = ids.length === 1 ? `Re-indexing ${this.state.documents.find((d) => d.id === ids[0])?.name ?? 'document'}` : `Re-indexing ${ids.length} documents`;
    const job: Job = { id, name: label, size: 0, status: 'queued', startedAt: Date.now(), cancel: () => controller.abort() };
    this.set((s) => ({ jobs: [...s.jobs, job] }));
    const update = (patch: Partial<Job>) => this.set((s) => ({ jobs: s.jobs.map((j) => (j.id === id ? withClock(j, patch) : j)) }));
    try {
      const docs = await this.client.reindex(ids, {
        signal: controller.signal,
        onProgress: (p) => update({ status: 'running', ...jobPatch(p.event), name: `${label} (${p.done + 1} of ${p.total}: ${p.name})` }),
      });
      const byId = new Map(docs.map((d) => [d.id, d]));
      this.set((s) => ({ documents: s.documents.map((d) => byId.get(d.id) ?? d), inspection: undefined, search: undefined }));
      update({ status: 'done', name: label });
      setTimeout(() => this.set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) })), 1500);
    } catch (e) {
      const cancelled = controller.signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', error: `Re-indexing failed: ${message(e)}` });
    }
    void this.refreshUsage();
  }

  /** Runs an export or import as the one backup operation shown in the Library. */
  private startBackup(action: BackupState['action']) {
    const controller = new AbortController();
    const backup: BackupState = { action, status: 'running', cancel: () => controller.abort() };
    this.set({ backup });
    const update = (patch: Partial<BackupState>) => this.set((s) => (s.backup?.cancel === backup.cancel ? { backup: { ...s.backup, ...patch } } : {}));
    return { signal: controller.signal, update };
  }

  /** Downloads the whole library (documents, vectors, settings) as one file. */
  async exportLibrary() {
    if (this.state.backup?.status === 'running') return;
    const { signal, update } = this.startBackup('export');
    try {
      const bytes = await this.client.exportArchive({ signal, onProgress: (progress) => update({ progress }) });
      const name = backupFileName();
      downloadBytes(bytes, name);
      update({ status: 'done', progress: undefined, message: exportSummary(name, bytes.byteLength, this.state.documents.length) });
    } catch (e) {
      const cancelled = signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', progress: undefined, message: cancelled ? 'Export cancelled.' : `Export failed: ${message(e)}` });
    }
  }

  /** Merges an exported library into this one; a damaged or foreign file is refused and changes nothing. */
  async importLibrary(file: File) {
    if (this.state.backup?.status === 'running') return;
    const { signal, update } = this.startBackup('import');
    const embedderBefore = JSON.stringify(this.state.settings?.embedder);
    const llmBefore = JSON.stringify(this.state.settings?.llm);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = await this.client.importArchive(bytes, { signal, onProgress: (progress) => update({ progress }) });
      update({ status: 'done', progress: undefined, message: importSummary(result) });
      this.set({ settings: result.settings, search: undefined, inspection: undefined });
      await this.syncDocuments();
      if (JSON.stringify(result.settings.embedder) !== embedderBefore) void this.loadModel();
      if (JSON.stringify(result.settings.llm) !== llmBefore) void this.loadLlm();
    } catch (e) {
      update({ status: signal.aborted ? 'cancelled' : 'failed', progress: undefined, message: importFailure(e, signal.aborted) });
    }
  }

  clearFinishedJobs() {
    this.set((s) => ({ jobs: s.jobs.filter((j) => j.status === 'queued' || j.status === 'running') }));
  }

  async deleteDocument(id: string) {
    if (this.state.deleting?.includes(id)) return;
    const { [id]: _previous, ...otherErrors } = this.state.deleteErrors ?? {};
    this.set((s) => ({ deleting: [...(s.deleting ?? []), id], deleteErrors: otherErrors }));
    const settled = (s: AppState) => ({ deleting: (s.deleting ?? []).filter((d) => d !== id) });
    try {
      await this.client.deleteDocument(id);
      this.set((s) => ({
        ...settled(s),
        documents: s.documents.filter((d) => d.id !== id),
        scope: pruneScope(s.scope, s.documents.filter((d) => d.id !== id)),
        inspection: s.inspection?.document.id === id ? undefined : s.inspection,
        search: s.search && { ...s.search, hits: s.search.hits.filter((h) => h.chunk.docId !== id) },
      }));
    } catch (e) {
      // The row comes back, saying why (once: no banner as well).
      this.set((s) => ({ ...settled(s), deleteErrors: { ...s.deleteErrors, [id]: `Could not delete it: ${message(e)}` } }));
    }
    void this.refreshUsage();
  }

  async clearAll() {
    try {
      const settings = await this.client.clear();
      this.set({ documents: [], scope: [], search: undefined, inspection: undefined, inspecting: undefined, settings });
      void this.loadModel();
    } catch (e) {
      this.notify('error', `Could not clear the knowledge base: ${message(e)}`);
    }
    void this.refreshUsage();
  }

  /** Lists the documents again after another tab added or deleted some. */
  async syncDocuments() {
    try {
      const documents = await this.client.listDocuments();
      const kept = new Set(documents.map((d) => d.id));
      this.set((s) => ({
        documents,
        scope: pruneScope(s.scope, documents),
        inspection: s.inspection && kept.has(s.inspection.document.id) ? s.inspection : undefined,
      }));
    } catch {
      /* the list stays as it was until the next change */
    }
    void this.refreshUsage();
  }

  async refreshUsage() {
    try {
      this.set({ usage: await this.client.usage() });
    } catch {
      /* the meter just stays as it was */
    }
  }

  /** Searches: the chosen documents unless the options say which. */
  async search(query: string, options: SearchOptions = { docIds: this.chosenDocIds() }, again = false) {
    if (!query.trim()) return;
    const asked = { docIds: options.docIds?.length ? options.docIds : undefined, unrouted: options.routing === false || undefined };
    this.set((s) => ({ search: { query, hits: s.search?.hits ?? [], traces: [], routed: [], busy: true, ...asked } }));
    try {
      const r = await this.client.search(query, options);
      this.set({ search: { ...r, busy: false, ...asked } });
      // Keyword results while the model loaded, and it finished meanwhile: search again at once (once).
      if (r.modelPending && !again && this.state.model.state !== 'loading') this.completePendingSearch();
    } catch (e) {
      this.set({ search: { query, hits: [], traces: [], routed: [], busy: false, error: message(e), ...asked } });
    }
  }

  /** Runs the last search again over the same documents, without keeping to the ones it names. */
  async searchWithoutRouting() {
    const s = this.state.search;
    if (s) await this.search(s.query, { docIds: s.docIds, routing: false });
  }

  async inspect(id: string) {
    this.set({ inspecting: id });
    try {
      const inspection = await this.client.inspect(id);
      if (this.state.inspecting === id) this.set({ inspection });
    } catch (e) {
      this.notify('error', message(e));
    }
  }

  async updateSettings(patch: Partial<Settings>) {
    const before = this.state.settings?.embedder;
    try {
      const settings = await this.client.updateSettings(patch);
      const llmBefore = this.state.settings?.llm;
      this.set({ settings });
      if (JSON.stringify(before) !== JSON.stringify(settings.embedder)) void this.loadModel();
      if (JSON.stringify(llmBefore) !== JSON.stringify(settings.llm)) void this.loadLlm();
    } catch (e) {
      this.notify('error', `Could not save settings: ${message(e)}`);
    }
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

export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function useAppState(store: AppStore): AppState {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** What an ingest event changes in its job's row. */
function jobPatch(event: IngestEvent): Partial<Job> {
  if (event.stage === 'estimate') return { estimate: event.note };
  if (event.stage === 'searchable') return { searchable: event.chunks, status: 'running' };
  return { event, status: 'running' };
}

/** A job with a patch applied; a new progress event moves its stage clock on. */
function withClock(job: Job, patch: Partial<Job>): Job {
  const next = { ...job, ...patch };
  if (patch.event) next.clock = nextClock(job.clock, patch.event, Date.now());
  return next;
}
