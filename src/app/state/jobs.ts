import type { IngestEvent, IngestTimings } from '../../services/library';
import { PendingIngestLog, holdPageLock, leftOver, livePages, newPageId, notInLibrary, type KeyValueStore } from '../pending-ingests';
import type { AppStore } from '../state';
import { readPersisted, requestPersistence } from '../persistence';
import { nextClock } from '../progress-text';
import { Slice, type StateCell } from './slice';
import { Job } from './types';
import { message } from './message';

/** Files being added and re-indexed, files a closed page left unfinished, and persistent storage. */
export class JobsSlice extends Slice {
  /** Timings of the latest ingest, read by the ingest benchmark. */
  lastIngest?: { name: string; timings: IngestTimings };

  /** Files being added, noted in localStorage until their job ends, so a reload mid-ingest can say what was lost. */
  private readonly pending: PendingIngestLog;

  constructor(cell: StateCell, app: AppStore, storage: KeyValueStore | undefined) {
    super(cell, app);
    this.pending = new PendingIngestLog(storage, newPageId());
    // A page that closes normally says so; one that crashed (out of memory on a file) cannot, and the next visit tells them apart.
    globalThis.addEventListener?.('pagehide', () => this.pending.markClosed());
  }

  /** Persistent storage is asked for once per page, at the first file added (a browser may prompt). */
  private persistAsked = false;

  /** Finds files a page that has gone was still adding; this page's lock is held first so other tabs do not count its own. */
  async findInterrupted() {
    await holdPageLock(this.pending.page);
    const gone = leftOver(this.pending.list(), this.pending.page, await livePages());
    // An add that was stored before its page closed is not interrupted: forget its record.
    const interrupted = notInLibrary(gone, this.state.documents);
    const stored = gone.filter((r) => !interrupted.includes(r));
    if (stored.length) this.pending.finish(...stored.map((r) => r.key));
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
  async askPersistence() {
    if (this.persistAsked || this.state.persisted === true) return;
    this.persistAsked = true;
    const persisted = (await requestPersistence()) ?? (await readPersisted());
    if (persisted !== undefined) this.set({ persisted });
  }

  addFiles(files: File[]) {
    for (const file of files) void this.runJob(file);
  }

  /** A duplicate's job: add the file as a second copy, or skip it (the row goes). */
  private keepBoth(id: number, file: File) {
    this.set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) }));
    void this.runJob(file, 'keep');
  }

  skipDuplicate(id: number) {
    this.set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) }));
  }

  addText(text: string, title: string) {
    const name = `${(title.trim() || 'Pasted text').replace(/[\\/:*?"<>|]+/g, ' ').slice(0, 80)}.txt`;
    this.addFiles([new File([text], name, { type: 'text/plain' })]);
  }

  private async runJob(file: File, duplicates: 'keep' | 'refuse' = 'refuse') {
    const id = this.cell.nextId();
    const controller = new AbortController();
    const job: Job = { id, name: file.name, size: file.size, status: 'queued', startedAt: Date.now(), cancel: () => controller.abort() };
    this.set((s) => ({ jobs: [...s.jobs, job] }));
    const update = (patch: Partial<Job>) => this.set((s) => ({ jobs: s.jobs.map((j) => (j.id === id ? withClock(j, patch) : j)) }));
    const pendingKey = this.pending.start(file);
    try {
      const { document: doc, timings } = await this.client.ingest(file, { duplicates }, { signal: controller.signal, onProgress: (event) => update(jobPatch(event)) });
      this.lastIngest = { name: file.name, timings };
      update({ status: 'done' });
      this.set((s) => ({ documents: [...s.documents.filter((d) => d.id !== doc.id), doc] }));
      // No banner: the document's notes are in its row, routine ones folded away and those to act on marked (note-kind).
      setTimeout(() => this.set((s) => ({ jobs: s.jobs.filter((j) => j.id !== id) })), 1500);
      // The same file added again after an interrupted visit: it need not be asked for any more.
      this.dismissInterrupted(this.state.interrupted.filter((r) => r.name === file.name && r.size === file.size).map((r) => r.key));
      void this.askPersistence();
    } catch (e) {
      const code = (e as { code?: string }).code;
      const cancelled = code === 'cancelled' || controller.signal.aborted;
      // Said once, in the file's row (an alert there), not again in a banner.
      if (code === 'duplicate' && !cancelled) update({ status: 'duplicate', error: message(e), keepBoth: () => this.keepBoth(id, file) });
      else update({ status: cancelled ? 'cancelled' : 'failed', error: message(e) });
    } finally {
      this.pending.finish(pendingKey);
      this.app.questions.rerunKeywordOnlySearch();
    }
    void this.app.documents.refreshUsage();
  }

  /** Rebuilds documents with the current settings; shown as one job in the list. */
  async reindex(ids: string[]) {
    const id = this.cell.nextId();
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
    void this.app.documents.refreshUsage();
  }

  clearFinishedJobs() {
    this.set((s) => ({ jobs: s.jobs.filter((j) => j.status === 'queued' || j.status === 'running') }));
  }
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
