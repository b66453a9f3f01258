import type { DocumentId } from '../../core/types';
import type { DocumentRecord, StorageUsage } from '../../core/kb';
import { effectiveThreshold } from '../../core/chunk';
import { DEFAULT_SETTINGS, withDefaults, type Settings, type ChunkerSettings } from '../../core/settings';
import type { LabCandidateDoc, LabRequest, LabProgress } from '../../core/lab';
import { LabRequestError, runLabRequest, type LabResponse } from '../lab';
import { Inspection, DocumentSource } from './types';
import type { LibraryCore } from './core';
import type { Library } from '../library';

/** The documents as the page sees them: list, delete, clear, inspect, source, settings and the lab. */
export class Documents {
  constructor(
    private readonly core: LibraryCore,
    private readonly lib: Library,
  ) {}

  listDocuments(): DocumentRecord[] {
    return [...this.core.docs.values()];
  }

  /** The browser's storage use, split into the library, the embedding cache, model files and the app's own files where the browser tells. */
  async usage(): Promise<StorageUsage | undefined> {
    const { store, cachedFiles } = this.core.deps;
    const [usage, cacheBytes, files] = await Promise.all([store.usage(), store.embeddingCache.bytes().catch(() => undefined), cachedFiles?.usage().catch(() => undefined)]);
    if (!usage) return undefined;
    const split: StorageUsage = { ...usage };
    if (cacheBytes !== undefined) {
      split.embeddingCacheBytes = cacheBytes;
      if (split.libraryBytes !== undefined) split.libraryBytes = Math.max(0, split.libraryBytes - cacheBytes);
    }
    if (files) {
      split.modelFilesBytes = files.modelBytes;
      split.appFilesBytes = Math.max(files.appBytes, (usage.cachedFilesBytes ?? 0) - files.modelBytes);
    }
    return split;
  }

  /**
   * Frees what can be made again, keeping every document: the embedding cache (re-indexing
   * embeds again) and cached model files (downloaded again when next used). Resolves to the
   * storage use after.
   */
  freeSpace(): Promise<StorageUsage | undefined> {
    return this.core.enqueue(async () => {
      await this.core.freeRoom('cache');
      await this.core.freeRoom('models');
      return this.usage();
    });
  }

  async updateSettings(patch: Partial<Settings>): Promise<Settings> {
    this.core.settings = withDefaults({ ...this.core.settings, ...patch });
    await this.core.deps.store.putSettings(this.core.settings);
    return this.core.settings;
  }

  /**
   * Reloads the documents and indexes from storage if another tab changed them since this
   * library last read or wrote them; says whether it did. The app calls it when another tab
   * announces a change.
   */
  refresh(): Promise<boolean> {
    return this.core.enqueue(() => this.core.catchUp());
  }

  /** Drops at once what another tab deleted (see LibraryCore.dropDeleted); the queued refresh does the rest. */
  dropDeleted(): Promise<string[]> {
    return this.core.dropDeleted();
  }

  deleteDocument(id: DocumentId): Promise<void> {
    return this.core.enqueue(() =>
      this.core.write(async () => {
        const kb = this.core.requireOpen();
        if (!this.core.docs.has(id)) return;
        kb.removeDocument(id);
        try {
          this.core.wrote(await this.core.deps.store.deleteDocument(id));
        } catch (e) {
          // Storage is the source of truth and still holds the document: reload from it.
          await this.lib.open();
          throw e;
        }
        this.core.docs.delete(id);
      }),
    );
  }

  /** Deletes every document, index, setting, cached embedding and cached model file; returns the default settings. */
  clear(): Promise<Settings> {
    return this.core.enqueue(() =>
      this.core.write(async () => {
        this.core.wrote(await this.core.deps.store.clear());
        await this.core.deps.cachedFiles?.freeModels().catch(() => undefined);
        this.core.docs.clear();
        this.core.kb = this.core.newKnowledgeBase(this.core.kb?.vectors.dim ?? 512);
        this.core.settings = DEFAULT_SETTINGS;
        return this.core.settings;
      }),
    );
  }

  get currentSettings(): Settings {
    return this.core.settings;
  }

  /**
   * The chunking lab over library documents. It only reads (the documents' text is copied out
   * first), so it runs beside ingests rather than holding up the write queue. Retrieval uses the
   * current search weights and header setting; the LLM chunker uses the loaded model, if any.
   */
  async lab(request: LabRequest, onProgress: (p: LabProgress) => void, signal: AbortSignal): Promise<LabResponse> {
    const documents: LabCandidateDoc[] = [];
    for (const id of request.docIds) {
      const doc = this.core.docs.get(id);
      const text = doc && (await this.core.deps.store.getText(id));
      if (!doc || !text) throw new LabRequestError('The lab cannot run: a chosen document is no longer in the library; choose the documents again.');
      documents.push({ docId: id, name: doc.name, title: doc.title, text: text.text, pages: text.pages, sections: text.sections });
    }
    const embedder = await this.core.prepareEmbedder();
    const scorer = request.llm ? await this.core.deps.splitScorer?.(signal) : undefined;
    const { search, chunker } = this.core.settings;
    return runLabRequest(request, { documents, embedder, scorer, weights: search.weights, headers: chunker.headers !== false }, onProgress, signal);
  }

  async inspect(id: DocumentId): Promise<Inspection> {
    const document = this.core.docs.get(id);
    if (!document) throw this.core.missing(id);
    const [text, chunks] = await Promise.all([this.core.deps.store.getText(id), this.core.deps.store.getChunks(id)]);
    if (!text || !chunks) throw await this.textMissing(document);
    return {
      document,
      sentences: text.sentences.map(({ start, end }) => ({ start, end, text: text.text.slice(start, end) })),
      neighbourSims: Array.from(text.neighbourSims),
      chunks: chunks.chunks,
      ...(document.chunker.kind === 'semantic' ? breakpointOf(text.neighbourSims, document.chunker) : {}),
    };
  }

  /** Its text is not stored: deleted in another tab since it was listed here, or lost. */
  private async textMissing(document: DocumentRecord): Promise<Error> {
    if (!(await this.core.deps.store.listDocuments()).some((d) => d.id === document.id)) {
      this.core.deletedElsewhere.set(document.id, document.title);
      return this.core.missing(document.id);
    }
    return new Error(`${document.name}: its stored text is missing`);
  }

  /** A document's stored text and, for a PDF, its original file, to show a passage where it came from. */
  async source(id: DocumentId): Promise<DocumentSource> {
    const document = this.core.docs.get(id);
    const embedding = document ? undefined : this.core.embedding.get(id);
    // A copy of the file: the caller may transfer what it is given, and the ingest still needs the file.
    if (embedding) return { ...embedding.source, bytes: embedding.source.bytes?.slice() };
    if (!document) throw this.core.missing(id);
    const [text, file] = await Promise.all([this.core.deps.store.getText(id), document.kind === 'pdf' ? this.core.deps.store.getFile(id) : undefined]);
    if (!text) throw await this.textMissing(document);
    return { document, text: text.text, pages: text.pages, bytes: file ? new Uint8Array(file.bytes) : undefined };
  }
}

function breakpointOf(sims: Float32Array, chunker: Extract<ChunkerSettings, { kind: 'semantic' }>): Pick<Inspection, 'threshold' | 'percentile'> {
  const threshold = effectiveThreshold(sims, chunker);
  return chunker.percentile === undefined ? { threshold } : { threshold, percentile: chunker.percentile };
}
