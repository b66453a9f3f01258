import { describeDocument } from '../../core/card';
import type { DocumentId, ParsedDocument } from '../../core/types';
import type { ChunkerSettings } from '../../core/settings';
import { SPLIT_SCORER_NEEDED, type SplitScorer } from '../../core/llamachunk';
import {
  unitEmbeddingTexts,
  type BuiltDocument,
  MAX_DOCUMENT_CHARS,
  estimateIngest,
  judgeEstimate,
  unreadableScriptNote,
  EmbeddingPrefetch,
  keywordFirstChunks,
  prepareDocument,
} from '../../core/ingest';
import { cacheOwner, type Embedder } from '../../core/embed';
import type { DocumentBundle } from '../../core/kb';
import { IngestError, isIngestError } from '../../core/errors';
import { stripBidiControls } from '../../core/text';
import { MAX_FILE_BYTES, describeBytes } from '../limits';
import { makeBundle } from '../bundle';
import { IncomingFile, IngestResult, IngestEvent, addLockName, type IngestOptions } from './types';
import type { LibraryCore } from './core';
import { IngestClock } from './ingest-clock';
import { provisionalSource, type ReadDocument } from './provisional-source';

/** Adding a file: read, parse, searchable by keyword at once, then embedded, chunked and stored whole. */
export class Ingestion {
  constructor(private readonly core: LibraryCore) {}

  /**
   * Ingests one file; files are processed one at a time in arrival order. With `duplicates:
   * 'refuse'` (the app's choice until the user says otherwise), a file whose bytes are already in
   * the library is not added a second time: it fails with the 'duplicate' code, naming the copy.
   */
  ingest(file: IncomingFile, onProgress: (p: IngestEvent) => void, signal: AbortSignal, options: IngestOptions = {}): Promise<IngestResult> {
    return this.core.enqueue(
      () => {
        const run = () => this.ingestNow(file, onProgress, signal, options);
        // Held while the add runs, so another tab opening the library leaves its cache entries be.
        const locks = this.core.deps.locks;
        return locks ? locks.hold(addLockName(cacheOwner(signal)), run) : run();
      },
      signal,
      file.name,
    );
  }

  private async ingestNow(file: IncomingFile, onProgress: (p: IngestEvent) => void, signal: AbortSignal, options: IngestOptions): Promise<IngestResult> {
    this.core.requireOpen();
    const chunker = this.core.settings.chunker;
    const clock = new IngestClock();
    const name = stripBidiControls(file.name) || 'pasted text';
    let keywordsOnly: DocumentId | undefined;
    try {
      checkFileSize(file, name);
      signal.throwIfAborted();
      const splitScorer = await this.splitScorerFor(chunker, name, signal);
      const { bytes, parsed, embedderReady, contentHash } = await this.readFile(file, name, chunker, onProgress, signal, clock, options);
      if (parsed.text.trim().length === 0) throw new IngestError('empty', name, 'no text was found in it.');
      await this.checkEstimate(parsed.text.length, file.size, chunker, name, onProgress);
      const docId = (keywordsOnly = this.core.deps.newId?.() ?? crypto.randomUUID());
      this.searchableByKeyword(docId, { parsed, name, file, bytes }, chunker, onProgress);
      clock.timings.keywordReadyMs = clock.sinceStart();

      const embedder = await this.readyEmbedder(embedderReady, parsed, name, clock);
      this.core.fitDimension(embedder.dim);
      const { built, summary } = await prepareDocument({ docId, parsed, fileName: name, embedder, chunker, signal, onProgress, splitScorer }, this.core.deps);
      clock.addBuildTraces(built.traces);
      if (built.chunks.length === 0) throw new IngestError('no-text', name, 'no sentences could be read from it.');

      signal.throwIfAborted();
      onProgress({ stage: 'indexing', done: 0, total: built.chunks.length });
      const bundle = makeBundle({
        docId,
        name,
        mime: file.type,
        bytes: bytes.buffer as ArrayBuffer, // the whole buffer: read by new Uint8Array(file.arrayBuffer())
        addedAt: Date.now(),
        parsed,
        built,
        chunker,
        embedder,
        chunkerModel: splitScorer?.model,
        summary,
        contentHash,
      });
      await this.save(bundle, built, embedder, { name, signal, onProgress, clock });
      onProgress({ stage: 'saving', done: 1, total: 1 });
      clock.timings.totalMs = clock.sinceStart();
      if (clock.timings.embedMs > 2000) this.core.embedRate = (built.sentences.length + built.chunks.length) / (clock.timings.embedMs / 1000);
      return { document: bundle.document, timings: clock.timings, sentences: built.sentences.length };
    } catch (e) {
      if (keywordsOnly) this.stopKeywordSearch(keywordsOnly);
      // What this add wrote to the embedding cache is given back (a retry re-embeds it).
      this.core.ledger?.discard(signal);
      throw asIngestError(e, name);
    }
  }

  /** Reads and parses the file while the model loads, embedding the pages read so far meanwhile. */
  private async readFile(
    file: IncomingFile,
    name: string,
    chunker: ChunkerSettings,
    onProgress: (p: IngestEvent) => void,
    signal: AbortSignal,
    clock: IngestClock,
    options: IngestOptions,
  ) {
    onProgress({ stage: 'reading', done: 0, total: file.size });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentHash = await sha256Hex(bytes);
    const copy = options.duplicates === 'refuse' ? this.core.sameContent(contentHash) : undefined;
    if (copy) {
      const added = new Date(copy.addedAt).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
      throw new IngestError('duplicate', name, `this file is already in your library as “${copy.title}” (${copy.name}, added ${added}).`);
    }
    // The model loads while the file is read, and pages read so far are embedded meanwhile.
    const embedderReady = this.core.prepareEmbedder((p) => onProgress({ stage: 'model', ...p }));
    const prefetch = new EmbeddingPrefetch(
      embedderReady.catch(() => undefined),
      signal,
    );
    const parsed = await this.core.deps
      .parse(bytes, name, file.type, onProgress, signal, { onPreview: (text) => prefetch.add(unitEmbeddingTexts(text, chunker)) })
      .finally(() => prefetch.stop());
    clock.timings.prefetchedTexts = prefetch.submitted;
    clock.lap('parseMs');
    return { bytes, parsed, embedderReady, contentHash };
  }

  /** The loaded embedding model, refused when the library's documents were embedded by another. */
  private async readyEmbedder(embedderReady: Promise<Embedder>, parsed: ParsedDocument, name: string, clock: IngestClock): Promise<Embedder> {
    const embedder = await embedderReady.catch((e: unknown) => {
      throw new IngestError('model', name, `the embedding model could not be loaded (${e instanceof Error ? e.message : String(e)}).`);
    });
    clock.lap('modelMs');
    const mismatch = this.core.modelMismatch(embedder);
    if (mismatch) throw new IngestError('model', name, `${mismatch} Remove those documents or select that model in Settings.`);
    const scriptNote = unreadableScriptNote(parsed.text, embedder);
    if (scriptNote) parsed.warnings.push(scriptNote);
    return embedder;
  }

  /** Indexes the finished document and stores it, in one library write; nothing stays in the index if storing fails. */
  private async save(
    bundle: DocumentBundle,
    built: BuiltDocument,
    embedder: Embedder,
    job: { name: string; signal: AbortSignal; onProgress: (p: IngestEvent) => void; clock: IngestClock },
  ): Promise<void> {
    const { name, signal, onProgress, clock } = job;
    const { document } = bundle;
    const docId = document.id;
    await this.core.write(async () => {
      // Another tab may have changed the library while this file was read: start from what is stored.
      this.core.requireOpen();
      const changed = this.core.modelMismatch(embedder);
      if (changed) throw new IngestError('model', name, `${changed} Remove those documents or select that model in Settings.`);
      const kb = this.core.fitDimension(embedder.dim);
      kb.addDocument(docId, built.chunks, built.vectors);
      const keywords = kb.keywordSegment(docId);
      clock.lap('indexMs');
      onProgress({ stage: 'saving', done: 0, total: 1 });
      try {
        signal.throwIfAborted();
        const cache = { owner: cacheOwner(signal), keys: this.core.ledger?.keysUsed(signal) ?? [] };
        const store = () => this.core.deps.store.addDocuments([{ bundle, keywords, cache }]);
        // Storage full: the embedding cache, model files and at last the runtime files give way to the document.
        const stored = await this.core.withRoom(
          () =>
            store().then(
              (revision) => ({ revision }),
              (error: unknown) => ({ error }),
            ),
          (r) => 'error' in r && isQuota(r.error),
        );
        if ('error' in stored) throw stored.error;
        this.core.wrote(stored.revision);
        this.core.ledger?.close(signal);
        clock.lap('persistMs');
      } catch (e) {
        kb.removeDocument(docId);
        throw e;
      }
      this.core.docs.set(docId, document);
      this.core.embedding.delete(docId);
    });
  }

  /** Makes a parsed document searchable by keyword at once, while its vectors are computed; its hits open where they came from. */
  private searchableByKeyword(docId: DocumentId, read: ReadDocument, chunker: ChunkerSettings, onProgress: (p: IngestEvent) => void): void {
    const { parsed, name } = read;
    const chunks = keywordFirstChunks({ docId, parsed, fileName: name, chunker });
    if (chunks.length === 0) return;
    this.core.requireOpen().addKeywordsOnly(docId, chunks);
    const title = describeDocument(parsed, name).title;
    this.core.embedding.set(docId, { name, title, source: provisionalSource(docId, read, title, chunker, chunks.length) });
    onProgress({ stage: 'searchable', chunks: chunks.length });
  }

  private stopKeywordSearch(docId: DocumentId): void {
    if (this.core.kb?.isPending(docId)) this.core.kb.removeDocument(docId);
    this.core.embedding.delete(docId);
  }

  /** Refuses a document too large for the tab or the free storage, and announces a long one, before any embedding. */
  private async checkEstimate(chars: number, fileBytes: number, chunker: ChunkerSettings, name: string, onProgress: (p: IngestEvent) => void): Promise<void> {
    const estimate = estimateIngest({
      chars,
      fileBytes,
      dim: this.core.kb?.vectors.dim ?? 512,
      maxChunkChars: chunker.kind === 'fixed' ? chunker.size : chunker.maxChars,
      sentencesPerSecond: this.core.embedRate,
    });
    const maxChars = this.core.deps.maxDocumentChars ?? MAX_DOCUMENT_CHARS;
    let free: number | undefined;
    const judge = async () => {
      const usage = await this.core.deps.store.usage();
      free = usage && usage.quotaBytes - usage.usedBytes;
      return judgeEstimate(estimate, free, maxChars);
    };
    // Too little room: the embedding cache, model files and at last the runtime files give way to the document, as far
    // as they would make it fit (judgeEstimate wants a tenth to spare).
    const needed = () => (free === undefined ? undefined : estimate.storageBytes / 0.9 - free);
    const verdict = chars > maxChars ? await judge() : await this.core.withRoom(judge, (v) => 'refuse' in v, needed);
    if ('refuse' in verdict) throw new IngestError(chars > maxChars ? 'too-large' : 'quota', name, verdict.refuse);
    if ('warn' in verdict) onProgress({ stage: 'estimate', note: verdict.warn });
  }

  /** The split scorer the 'llm' chunker needs (undefined for other chunkers); without one, the file fails clearly before any work. */
  async splitScorerFor(chunker: ChunkerSettings, name: string, signal: AbortSignal): Promise<SplitScorer | undefined> {
    if (chunker.kind !== 'llm') return undefined;
    const scorer = await this.core.deps.splitScorer?.(signal);
    if (!scorer) throw new IngestError('model', name, SPLIT_SCORER_NEEDED);
    return scorer;
  }
}

/** Refuses an empty file, and one too large to read, before any work. */
function checkFileSize(file: IncomingFile, name: string): void {
  if (file.size === 0) throw new IngestError('empty', name, 'the file is empty (0 bytes).');
  if (file.size > MAX_FILE_BYTES) {
    throw new IngestError('too-large', name, `the file is ${describeBytes(file.size)}; Sieve reads files up to ${describeBytes(MAX_FILE_BYTES)}. Split it into smaller files.`);
  }
}

const isQuota = (e: unknown) => isIngestError(e) && e.code === 'quota';

export function asIngestError(e: unknown, name: string): Error {
  if (isIngestError(e)) return e;
  if (e instanceof DOMException && e.name === 'AbortError') return new IngestError('cancelled', name, 'cancelled; nothing was added.');
  if (e instanceof Error && e.name === 'AbortError') return new IngestError('cancelled', name, 'cancelled; nothing was added.');
  if (e instanceof Error && e.name === 'LlmChunkingError') return new IngestError('model', name, `${e.message}.`.replace(/\.\.$/, '.'));
  const msg = e instanceof Error ? e.message : String(e);
  return new IngestError('corrupt', name, `it could not be read (${msg}).`);
}

/** SHA-256 of the bytes, as hex. */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
