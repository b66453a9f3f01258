import type { DocumentId } from '../../core/types';
import type { DocumentBundle, DocumentRecord } from '../../core/kb';
import { prepareDocument } from '../../core/ingest';
import { cacheOwner } from '../../core/embed';
import type { StoredDocument } from '../../adapters/store';
import { IngestError } from '../../core/errors';
import { type Settings } from '../../core/settings';
import { makeBundle } from '../bundle';
import { exportKnowledgeBase, importKnowledgeBase, type ImportResult } from '../backup';
import type { BackupProgress } from '../../core/backup';
import { ReindexEvent, IngestEvent } from './types';
import type { LibraryCore } from './core';
import type { Library } from '../library';
import { asIngestError } from './ingestion';

/** Re-indexing stored documents, and export and import of the whole library: documents rebuilt or read whole, stored in one transaction. */
export class Rebuild {
  constructor(
    private readonly core: LibraryCore,
    private readonly lib: Library,
  ) {}

  /**
   * Rebuilds documents from their stored files with the current chunker and model, so a
   * settings change reaches documents already added (unchanged sentences come from the
   * embedding cache). Switching model needs every document, since vectors of two models
   * cannot be searched together. Nothing is written until every document is rebuilt.
   */
  reindex(ids: DocumentId[], onProgress: (p: ReindexEvent) => void, signal: AbortSignal): Promise<DocumentRecord[]> {
    return this.core.enqueue(() => this.core.write(() => this.reindexNow(ids, onProgress, signal)), signal);
  }

  private async reindexNow(ids: DocumentId[], onProgress: (p: ReindexEvent) => void, signal: AbortSignal): Promise<DocumentRecord[]> {
    this.core.requireOpen();
    const targets = ids.map((id) => this.core.docs.get(id)).filter((d): d is DocumentRecord => d !== undefined);
    const embedder = await this.core.prepareEmbedder();
    const others = [...this.core.docs.values()].filter((d) => !ids.includes(d.id));
    const stale = others.find((d) => d.embedderId !== embedder.id);
    if (stale) throw new Error(`${stale.name} was indexed with ${stale.embedderId}: re-index every document to switch to ${embedder.id}.`);

    const bundles = [];
    // One signal per document, so each document's cache entries are told apart (see CacheLedger).
    const signals: AbortSignal[] = [];
    try {
      for (const [i, doc] of targets.entries()) {
        const docSignal = AbortSignal.any([signal]);
        signals.push(docSignal);
        bundles.push(await this.rebuildOne(doc, i, targets.length, docSignal, onProgress));
      }
      signal.throwIfAborted();
    } catch (e) {
      for (const s of signals) this.core.ledger?.discard(s);
      throw e;
    }
    onProgress({ name: targets.at(-1)?.name ?? '', done: targets.length, total: targets.length, event: { stage: 'saving', done: 0, total: 1 } });
    const caches = signals.map((s) => ({ owner: cacheOwner(s), keys: this.core.ledger?.keysUsed(s) ?? [] }));
    const stored = await this.addBundles(bundles, others.length > 0, caches);
    for (const s of signals) this.core.ledger?.close(s);
    return stored;
  }

  /** Parses and re-chunks one stored document from its file, with the current settings. */
  private async rebuildOne(doc: DocumentRecord, i: number, total: number, signal: AbortSignal, onProgress: (p: ReindexEvent) => void): Promise<DocumentBundle> {
    const chunker = this.core.settings.chunker;
    const embedder = await this.core.prepareEmbedder();
    const progress = (event: IngestEvent) => onProgress({ name: doc.name, done: i, total, event });
    const file = await this.core.deps.store.getFile(doc.id);
    if (!file) throw new IngestError('storage', doc.name, 'its original file is missing from storage; delete it and add it again.');
    try {
      const splitScorer = await this.lib.ingestion.splitScorerFor(chunker, doc.name, signal);
      const parsed = await this.core.deps.parse(new Uint8Array(file.bytes), doc.name, file.mime, progress, signal);
      const stored = await this.core.deps.store.getText(doc.id);
      const earlier = stored && { text: stored.text, sections: stored.sections, summary: doc.summary };
      const { built, summary } = await prepareDocument(
        { docId: doc.id, parsed, fileName: doc.name, embedder, chunker, signal, onProgress: progress, splitScorer, earlier },
        this.core.deps,
      );
      return makeBundle({
        docId: doc.id,
        name: doc.name,
        mime: file.mime,
        bytes: file.bytes,
        addedAt: doc.addedAt,
        parsed,
        built,
        chunker,
        embedder,
        chunkerModel: splitScorer?.model,
        summary,
        contentHash: doc.contentHash,
      });
    } catch (e) {
      throw asIngestError(e, doc.name);
    }
  }

  /**
   * Stores complete documents (rebuilt, or imported) in one transaction and makes them
   * searchable; on failure nothing changes. `keepOthers: false` lets vectors of a new size
   * replace an index whose other documents are all being replaced. Call inside `write`.
   */
  private async addBundles(bundles: DocumentBundle[], keepOthers = true, caches: StoredDocument['cache'][] = []): Promise<DocumentRecord[]> {
    let kb = this.core.requireOpen();
    const dim = bundles[0]?.vectors.dim;
    if (dim !== undefined && kb.vectors.dim !== dim) {
      if (keepOthers && kb.chunkCount > 0) throw new Error('the new model makes vectors of another size: re-index every document');
      kb = this.core.newKnowledgeBase(dim);
    }
    const entries = bundles.map((bundle, i) => {
      const id = bundle.document.id;
      kb.addDocument(id, bundle.chunks.chunks, bundle.vectors.data);
      return { bundle, keywords: kb.keywordSegment(id), ...(caches[i] ? { cache: caches[i] } : {}) };
    });
    try {
      this.core.wrote(await this.core.deps.store.addDocuments(entries));
    } catch (e) {
      // Storage is the source of truth: reload from it.
      await this.core.load();
      throw e;
    }
    this.core.kb = kb;
    for (const b of bundles) this.core.docs.set(b.document.id, b.document);
    return bundles.map((b) => b.document);
  }

  /** The whole knowledge base (documents and settings) as one verified archive; waits its turn behind writes. */
  exportArchive(onProgress: (p: BackupProgress) => void, signal: AbortSignal): Promise<Uint8Array> {
    return this.core.enqueue(() => exportKnowledgeBase(this.core.deps.store, onProgress, signal), signal);
  }

  /** Verifies an archive, then merges its documents in one transaction (same id: replaced); a refused file changes nothing. */
  importArchive(bytes: Uint8Array, onProgress: (p: BackupProgress) => void, signal: AbortSignal): Promise<ImportResult> {
    return this.core.enqueue(
      () =>
        this.core.write(() => {
          const target = {
            documents: [...this.core.docs.values()],
            settings: this.core.settings,
            addBundles: (b: DocumentBundle[]) => this.addBundles(b),
            updateSettings: (p: Partial<Settings>) => this.lib.documents.updateSettings(p),
          };
          return importKnowledgeBase(bytes, target, onProgress, signal);
        }),
      signal,
    );
  }
}
