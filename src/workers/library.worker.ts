/// <reference lib="webworker" />
import { expose } from '../rpc/expose';
import { transfer } from '../rpc/protocol';
import type { Remote } from '../rpc/types';
import { emitter } from '../rpc/events';
import { LIBRARY_METHODS, type LibraryApi, type LibraryEvents } from '../rpc/apis/library';
import type { LlmHostApi } from '../rpc/apis/llm';
import { openKnowledgeBase } from '../adapters/store';
import { parsePdf } from '../adapters/pdf/browser';
import { parseDocx } from '../adapters/docx/parse-docx';
import { LIBRARY_CHANNEL, Library, webLocks, webNamedLocks } from '../services/library';
import { cachedFiles } from '../adapters/cached-files';
import { parseFile } from '../services/parse-file';
import { previewPageText, readImageText } from '../core/parse';
import { loadEmbedderPool } from '../services/embedder-pool';
import type { RerankerSettings } from '../core/settings';
import { loadModel } from '../services/registry';
import { LoadOnce } from '../services/load-once';
import type { AskEvent } from '../core/pipeline';
import { answerQuestion } from '../services/questions';
import { summarizeDocument } from '../core/chunk';
import { llmSections } from '../core/sectioning';
import { attachRemoteLlm, rpcOverPort } from '../services/remote-engine';
import { engineSplitScorer } from '../core/llamachunk';
import { orAbort } from '../core/abort';
import { OcrWorkerEngine } from '../services/ocr-worker';
import { decodeImage } from '../adapters/ocr/decode-image';

// Scanned PDF pages and images are read by OCR in a worker of its own, started when needed.
const ocr = new OcrWorkerEngine();

// The cross-encoder, loaded on the first question after one is chosen in Settings.
const rerankers = new LoadOnce(
  (settings: RerankerSettings) => loadModel('reranker', settings),
  (r) => void r?.dispose(),
);

// The page hands over a port to the LLM worker (attachLlm), so questions reach the model directly.
let llm: Remote<LlmHostApi> | undefined;

const emit = emitter<LibraryEvents>(self);

/** The language model loaded in the LLM worker, if any (one still loading is not waited for). */
const loadedLlm = async () => (llm ? attachRemoteLlm(llm) : undefined);

// Libraries in other tabs say here when they change the stored documents.
const changes = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(LIBRARY_CHANNEL);

// Thin host: builds the library from browser adapters and serves it over postMessage.
const library = openKnowledgeBase({
  onVersionChange: () => emit('notice', 'Sieve was updated in another tab; reload this page.'),
}).then(
  (store) =>
    new Library({
      store,
      // Writes take turns across tabs, and each tells the others.
      exclusive: webLocks(),
      locks: webNamedLocks(),
      cachedFiles: cachedFiles(),
      announce: () => changes?.postMessage({ kind: 'changed' }),
      parse: (bytes, name, mime, onProgress, signal, hooks) =>
        parseFile(
          {
            pdf: (b, n, { onPreview, ...o }) => parsePdf(b, n, { ...o, ocr, onPage: onPreview && ((page) => onPreview(previewPageText(page))) }),
            docx: (b, n) => parseDocx(b, n),
            image: async (b, n, { mime, ...o }) => readImageText(await decodeImage(b, mime, n), ocr, n, o),
          },
          bytes,
          name,
          mime,
          onProgress,
          signal,
          hooks,
        ),
      loadEmbedder: loadEmbedderPool,
      // With a language model loaded, a document without headings is sectioned by it.
      section: async (parsed, signal, started) => {
        const engine = await loadedLlm();
        if (!engine) return undefined;
        started?.();
        return llmSections(engine, parsed.text, { signal });
      },
      // With a language model loaded, each new document's chunk headers get a one-sentence summary.
      summarize: async (parsed, signal, started) => {
        const engine = await loadedLlm();
        if (!engine) return undefined;
        started?.();
        return summarizeDocument(engine, parsed.title, parsed.text, signal);
      },
      // The 'llm' chunker reads split-token probabilities from a loaded transformers.js model
      // (waiting for one that is still loading, rather than failing the file).
      splitScorer: async (signal) => engineSplitScorer(llm ? await orAbort(attachRemoteLlm(llm, { waitForLoad: true }), signal) : undefined),
    }),
);

// Another tab changed the documents: catch up, and have the page list them again.
changes?.addEventListener('message', () => {
  void library
    .then(async (l) => {
      // A deletion reaches this tab at once, even while a long job (an add) holds the queue.
      if ((await l.dropDeleted()).length > 0) emit('changed');
      await l.refresh();
      // Told even when a write queued here had already caught up, since the page lists only its own additions.
      emit('changed');
    })
    .catch(() => undefined);
});

const api: LibraryApi = {
  open: async () => (await library).open(),
  listDocuments: async () => (await library).listDocuments(),
  usage: async () => (await library).usage(),
  ingest: async (file, options, ctx) => (await library).ingest(file, (p) => ctx.progress(p), ctx.signal, options),
  reindex: async (ids, ctx) => (await library).reindex(ids, (p) => ctx.progress(p), ctx.signal),
  deleteDocument: async (id) => (await library).deleteDocument(id),
  exportArchive: async (ctx) => {
    const bytes = await (await library).exportArchive((p) => ctx.progress(p), ctx.signal);
    return transfer(bytes, [bytes.buffer]);
  },
  importArchive: async (bytes, ctx) => (await library).importArchive(bytes, (p) => ctx.progress(p), ctx.signal),
  clear: async () => (await library).clear(),
  freeSpace: async () => (await library).freeSpace(),
  search: async (query, options) => (await library).search(query, options),
  inspect: async (id) => (await library).inspect(id),
  source: async (id) => {
    const source = await (await library).source(id);
    return source.bytes ? transfer(source, [source.bytes.buffer]) : source;
  },
  lab: async (request, ctx) => (await library).lab(request, (p) => ctx.progress(p), ctx.signal),
  updateSettings: async (patch) => (await library).updateSettings(patch),
  ask: async (question, options, ctx) => {
    const lib = await library;
    const { llm: llmSettings, reranker: rerankerSettings } = lib.currentSettings;
    const problems: string[] = [];
    const engine = llmSettings.kind !== 'none' ? await orAbort(loadedLlm(), ctx.signal).catch(() => undefined) : undefined;
    ctx.signal.throwIfAborted();
    // Held until the question ends, so a settings change meanwhile does not release it in use.
    const lease = rerankers.acquire(rerankerSettings);
    try {
      const reranker = await orAbort(lease.value, ctx.signal).catch((e: unknown) => {
        ctx.signal.throwIfAborted();
        problems.push(`The reranker could not be loaded (${e instanceof Error ? e.message : String(e)}); chunks were ordered by grade.`);
        return undefined;
      });
      const onEvent = (e: AskEvent) => ctx.progress(e);
      let result;
      try {
        result = await answerQuestion(lib, question, { engine, reranker }, options, onEvent, ctx.signal);
      } catch (e) {
        // A model that fails mid-question (device lost, unloaded) should not cost the answer.
        if (!engine || ctx.signal.aborted) throw e;
        problems.push(`The language model failed (${e instanceof Error ? e.message : String(e)}); this answer is retrieval-only.`);
        result = await answerQuestion(lib, question, { reranker }, options, onEvent, ctx.signal);
      }
      return { ...result, problems: [...problems, ...result.problems] };
    } finally {
      lease.done();
    }
  },
  prepareEmbedder: async (ctx) => {
    const e = await (await library).prepareEmbedder((p) => ctx.progress(p));
    return { id: e.id, dim: e.dim };
  },
  attachLlm: (port) => {
    llm = rpcOverPort(port);
  },
};

expose(api, self, LIBRARY_METHODS);
