/**
 * Downloads USE-lite's files (model.json, weight shards, vocab.json) with byte-level progress
 * and turns them into TF.js model artifacts, so loading does not depend on TF.js's own HTTP
 * loader and works with any fetch (browser, or a Node function reading from disk).
 */
import type { io } from '@tensorflow/tfjs-core';
import type { LoadProgress } from '../../core/embed';
import type { VocabEntry } from './sentencepiece';
import { describeCause } from '../../core/models';
import { useLiteError } from './load-error';

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface UseLiteFiles {
  artifacts: io.ModelArtifacts;
  vocab: VocabEntry[];
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: io.WeightsManifestConfig;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
}

const BYTES_PER_DTYPE: Record<string, number> = { float32: 4, int32: 4, bool: 1, float16: 2, uint8: 1, uint16: 2 };

/**
 * `baseUrl` is the folder holding the files (a trailing "/" is added if missing).
 * Progress counts bytes of the weight shards and vocab.json together, `file` being the one
 * that just advanced; `total` grows once vocab.json's size is known.
 */
export async function fetchUseLiteFiles(baseUrl: string, fetchFn: FetchLike, onProgress?: (p: LoadProgress) => void, signal?: AbortSignal): Promise<UseLiteFiles> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const modelJson = parseJson<ModelJson>('model.json', await fetchText(base, 'model.json', fetchFn, signal));
  if (!modelJson.modelTopology || !Array.isArray(modelJson.weightsManifest)) {
    throw useLiteError('model.json is not a TF.js graph model (no modelTopology or weightsManifest)');
  }
  const weightSpecs = modelJson.weightsManifest.flatMap((group) => group.weights);
  const shardNames = modelJson.weightsManifest.flatMap((group) => group.paths);
  const weightBytes = weightSpecs.reduce((n, spec) => n + specBytes(spec), 0);

  let vocabTotal = 0;
  let loaded = 0;
  const report = (file: string, bytes: number) => {
    loaded += bytes;
    onProgress?.({ file, loaded, total: weightBytes + vocabTotal });
  };

  const [vocabBuffer, ...shards] = await Promise.all([
    fetchBytes(base, 'vocab.json', fetchFn, signal, (size) => (vocabTotal = size), report),
    ...shardNames.map((name) => fetchBytes(base, name, fetchFn, signal, undefined, report)),
  ]);
  const shardBytes = shards.reduce((n, s) => n + s.byteLength, 0);
  if (shardBytes !== weightBytes) {
    throw useLiteError(`the weight files hold ${shardBytes} bytes but model.json expects ${weightBytes}`);
  }
  const vocab = parseJson<VocabEntry[]>('vocab.json', new TextDecoder().decode(vocabBuffer));
  if (!Array.isArray(vocab) || vocab.length === 0 || !vocab.every(isVocabEntry)) {
    throw useLiteError('vocab.json is not a list of [piece, score] pairs');
  }

  return {
    vocab,
    artifacts: {
      modelTopology: modelJson.modelTopology,
      weightSpecs,
      weightData: shards,
      format: modelJson.format,
      generatedBy: modelJson.generatedBy,
      convertedBy: modelJson.convertedBy,
    },
  };
}

function specBytes(spec: io.WeightsManifestEntry): number {
  const dtype = spec.quantization?.dtype ?? spec.dtype;
  return spec.shape.reduce((a, b) => a * b, 1) * (BYTES_PER_DTYPE[dtype] ?? 4);
}

async function open(base: string, file: string, fetchFn: FetchLike, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetchFn(base + file, { signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw useLiteError(`${file} could not be downloaded from ${base} (${describeCause(e)})`, { code: 'download', location: base, cause: e });
  }
  if (!res.ok) {
    throw useLiteError(`${file} returned HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`, { code: res.status === 404 ? 'not-found' : 'download', location: base });
  }
  return res;
}

async function fetchText(base: string, file: string, fetchFn: FetchLike, signal?: AbortSignal): Promise<string> {
  const res = await open(base, file, fetchFn, signal);
  try {
    return await res.text();
  } catch (e) {
    if (signal?.aborted) throw e;
    throw useLiteError(`${file} was cut off while downloading (${describeCause(e)})`, { code: 'download', location: base, cause: e });
  }
}

/** Reads a response body as it streams, reporting each chunk. */
async function fetchBytes(
  base: string,
  file: string,
  fetchFn: FetchLike,
  signal: AbortSignal | undefined,
  onSize: ((bytes: number) => void) | undefined,
  report: (file: string, bytes: number) => void,
): Promise<ArrayBuffer> {
  const res = await open(base, file, fetchFn, signal);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > 0) onSize?.(declared);
  try {
    if (!res.body) {
      const buffer = await res.arrayBuffer();
      if (!declared) onSize?.(buffer.byteLength);
      report(file, buffer.byteLength);
      return buffer;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      if (!declared) onSize?.(size);
      report(file, value.byteLength);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out.buffer;
  } catch (e) {
    if (signal?.aborted) throw e;
    throw useLiteError(`${file} was cut off while downloading (${describeCause(e)})`, { code: 'download', location: base, cause: e });
  }
}

function parseJson<T>(file: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    const hint = text.trimStart().startsWith('<') ? ' (the server sent a web page instead; is the file being served?)' : '';
    throw useLiteError(`${file} is not valid JSON${hint}`);
  }
}

function isVocabEntry(e: unknown): e is VocabEntry {
  return Array.isArray(e) && typeof e[0] === 'string' && (typeof e[1] === 'number' || e[1] === null);
}
