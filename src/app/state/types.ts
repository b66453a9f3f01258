import type { DocumentRecord, StorageUsage } from '../../core/kb';
import type { Settings } from '../../core/settings';
import type { DocumentSource, IngestEstimateEvent, IngestEvent, IngestSearchableEvent, Inspection, SearchResponse } from '../../services/library';
import type { Chunk } from '../../core/types';
import type { LlmInfo } from '../../core/llm';
import type { AskResult, CallProgress, CandidateRow, SegmentSource, StageName, StageTrace, JudgeCost } from '../../core/pipeline';
import type { LabRequest, LabProgress } from '../../core/lab';
import type { LabResponse } from '../../services/lab';
import { type LabDraft } from '../lab-draft';
import { type ManifestModel, type ModelErrorCode } from '../../core/models';
import type { WebLlmCatalogue } from '../../adapters/webllm';
import { type PendingIngest } from '../pending-ingests';
import type { BackupProgress } from '../../core/backup';
import { type StageClock } from '../progress-text';

/** Where the app lists the models it serves itself (written by `npm run models`). */
export const SITE_MANIFEST = '/models/manifest.json';

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
  /** 'duplicate': the same file (by content) is in the library already; the user keeps both or skips it. */
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'duplicate';
  error?: string;

  /** When it was added (ms, Date.now), and when its current stage began: the row's elapsed time, rate and time left. */
  startedAt: number;
  clock?: StageClock;
  cancel(): void;
  /** For a duplicate: add it as a second copy after all. */
  keepBoth?(): void;
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
/** A finished question's result without what its question state already holds. */
export type AskOutcome = Omit<AskResult, 'rows' | 'stages' | 'segments' | 'segmentValues'>;

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
  graded?: CallProgress;
  /** Seconds from asking to the answer's first streamed words (a language model's answer). */
  firstWordsSeconds?: number;
  /** When the question was asked (ms since the epoch). */
  askedMs?: number;

  /** The answer's text, as streamed so far and then final. */
  answer: string;
  /** What the finished question adds to the fields above, which hold its rows, stages, segments and text once. */
  result?: AskOutcome;
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
  /** A table cell inside the passage to box as well (a computed figure's input). */
  cell?: { raw: string; column: number };

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

export type Listener = () => void;
