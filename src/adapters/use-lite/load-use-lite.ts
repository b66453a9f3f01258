import { loadGraphModel } from '@tensorflow/tfjs-converter';
import type { BatchLimits, LoadProgress } from '../../core/embed';
import { SentencePieceTokenizer } from './sentencepiece';
import { describeCause } from '../../core/models';
import { useLiteError } from './load-error';
import { fetchUseLiteFiles, type FetchLike, type UseLiteFiles } from './model-files';
import { DEFAULT_USE_LITE_BATCH, UseLiteEmbedder } from './use-lite-embedder';
import { startWasmBackend, type WasmPaths } from './wasm-backend';

export interface UseLiteOptions {
  /** Folder with model.json, its shards and vocab.json. Default: the app's "/vendor/use-lite/". */
  modelUrl?: string;
  /** Folder (or per-file map) with TF.js's three .wasm binaries. Default: "/vendor/tfjs/". */
  wasmPaths?: WasmPaths;
  /** Fetch used for the model files; defaults to the global fetch. */
  fetch?: FetchLike;
  onProgress?: (progress: LoadProgress) => void;
  signal?: AbortSignal;
  /** Token-based batch limits (see DEFAULT_USE_LITE_BATCH). */
  batch?: Partial<BatchLimits>;
  /**
   * XNNPACK threads for the threaded binary (cross-origin-isolated browser only). TF.js caps
   * this at half of navigator.hardwareConcurrency (at most 8), which is also the default;
   * 1 selects the plain SIMD binary and starts no pthread workers.
   */
  threads?: number;
  /**
   * The model's files, already fetched (by fetchUseLiteFiles, e.g. once for a pool of workers):
   * nothing is downloaded and modelUrl, fetch and onProgress are not used for them.
   */
  files?: UseLiteFiles;
}

/** USE's vocabulary: id 0 is unknown, ids 1–5 are control symbols text never maps to. */
const USE_UNK_ID = 0;
const USE_RESERVED_IDS = 6;

/**
 * Loads Universal Sentence Encoder lite on TF.js's WASM backend. Works in a module worker and
 * in Node (pass `fetch` and `wasmPaths` for files on disk, see ./node.ts).
 * Throws ModelLoadError (kind 'embedder', "Loading the embedding model failed: …") naming the failing step.
 */
export async function loadUseLite(options: UseLiteOptions = {}): Promise<UseLiteEmbedder> {
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const [runtime, files] = await Promise.all([
    startWasmBackend(options.wasmPaths ?? '/vendor/tfjs/', options.threads),
    options.files ?? fetchUseLiteFiles(options.modelUrl ?? '/vendor/use-lite/', fetchFn, options.onProgress, options.signal),
  ]);
  options.signal?.throwIfAborted();

  let model;
  try {
    model = await loadGraphModel({ load: async () => files.artifacts });
  } catch (e) {
    throw useLiteError(`the model graph could not be built (${describeCause(e)})`, { cause: e });
  }
  const tokenizer = new SentencePieceTokenizer(files.vocab, { unkId: USE_UNK_ID, reservedIds: USE_RESERVED_IDS });
  const embedder = new UseLiteEmbedder(model, tokenizer, { ...DEFAULT_USE_LITE_BATCH, ...options.batch }, runtime);
  try {
    // One tiny batch compiles kernels and proves the graph runs before anyone relies on it.
    await embedder.embed(['warm up']);
  } catch (e) {
    embedder.dispose();
    throw useLiteError(`the model did not run (${describeCause(e)})`, { cause: e });
  }
  return embedder;
}
