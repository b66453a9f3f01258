import { LibraryCore } from './library/core';
import { Ingestion } from './library/ingestion';
import { Rebuild } from './library/rebuild';
import { Searching } from './library/searching';
import { Documents } from './library/documents';
import { addLockName, type LibraryDeps, type OpenResult } from './library/types';
import { withDefaults, type Settings } from '../core/settings';

export * from './library/types';

/**
 * The knowledge base as the app (through the library worker) and the CLIs use it: a facade over
 * its parts in library/. Adding a file (ingestion), re-indexing, export and import (rebuild),
 * search and what questions read (searching), and the documents as the page lists them share
 * one LibraryCore: the in-memory indexes, the settings, the model and the write queue.
 */
export class Library {
  private readonly core: LibraryCore;
  readonly ingestion: Ingestion;
  readonly rebuild: Rebuild;
  readonly searching: Searching;
  readonly documents: Documents;

  constructor(deps: LibraryDeps) {
    this.core = new LibraryCore(deps);
    this.ingestion = new Ingestion(this.core);
    this.rebuild = new Rebuild(this.core, this);
    this.searching = new Searching(this.core);
    this.documents = new Documents(this.core, this);
  }

  async open(): Promise<OpenResult> {
    const t0 = performance.now();
    const { store } = this.core.deps;
    this.core.settings = withDefaults(await store.getSettings<Partial<Settings>>());
    // Searchable by keyword once the documents and keyword segments are read; the vectors follow.
    const complete = await this.core.load({ vectorsAfter: true });
    // Cache entries an add left when its page closed (and never stored) are removed: at once
    // where Web Locks tell which adds still run in other tabs, otherwise after an hour.
    void this.sweepCache().catch(() => undefined);
    return { documents: complete, usage: await store.usage(), settings: this.core.settings, loadMs: performance.now() - t0 };
  }

  private async sweepCache(): Promise<number> {
    const { store, locks } = this.core.deps;
    const held = await locks?.held();
    return store.embeddingCache.sweepJournal(held ? { running: (owner) => held.has(addLockName(owner)) } : {});
  }

  get currentSettings(): Settings {
    return this.core.settings;
  }

  ingest = (...a: Parameters<Ingestion['ingest']>) => this.ingestion.ingest(...a);
  reindex = (...a: Parameters<Rebuild['reindex']>) => this.rebuild.reindex(...a);
  exportArchive = (...a: Parameters<Rebuild['exportArchive']>) => this.rebuild.exportArchive(...a);
  importArchive = (...a: Parameters<Rebuild['importArchive']>) => this.rebuild.importArchive(...a);
  search = (...a: Parameters<Searching['search']>) => this.searching.search(...a);
  retrievalDeps = (...a: Parameters<Searching['retrievalDeps']>) => this.searching.retrievalDeps(...a);
  listDocuments = (...a: Parameters<Documents['listDocuments']>) => this.documents.listDocuments(...a);
  usage = (...a: Parameters<Documents['usage']>) => this.documents.usage(...a);
  updateSettings = (...a: Parameters<Documents['updateSettings']>) => this.documents.updateSettings(...a);
  refresh = (...a: Parameters<Documents['refresh']>) => this.documents.refresh(...a);
  dropDeleted = (...a: Parameters<Documents['dropDeleted']>) => this.documents.dropDeleted(...a);
  deleteDocument = (...a: Parameters<Documents['deleteDocument']>) => this.documents.deleteDocument(...a);
  clear = (...a: Parameters<Documents['clear']>) => this.documents.clear(...a);
  freeSpace = (...a: Parameters<Documents['freeSpace']>) => this.documents.freeSpace(...a);
  lab = (...a: Parameters<Documents['lab']>) => this.documents.lab(...a);
  inspect = (...a: Parameters<Documents['inspect']>) => this.documents.inspect(...a);
  source = (...a: Parameters<Documents['source']>) => this.documents.source(...a);
  prepareEmbedder = (...a: Parameters<LibraryCore['prepareEmbedder']>) => this.core.prepareEmbedder(...a);
}
