/**
 * Encodes the knowledge base (settings and complete document bundles) as one zip archive, and
 * decodes and verifies one. Decoding checks everything — container, manifest, format version,
 * the exact set of entries, every entry's size and SHA-256, and that each document's parts
 * agree — before it returns anything, so a caller can write the result in one step or not at all.
 * Pure: runs in the worker and in Node tests (fflate, crypto.subtle).
 */
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { DocumentBundle, DocumentChunks, DocumentRecord, DocumentText } from '../kb/records';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  MANIFEST_PATH,
  SETTINGS_PATH,
  documentPaths,
  type BackupManifest,
  type BackupProgress,
  type DocumentEntryPaths,
  type ManifestDocument,
  type ManifestFile,
} from './format';

interface ArchiveContents {
  /** The stored settings object (whatever shape the app keeps); null when there were none. */
  settings: unknown;
  /** Complete documents, oldest first. */
  bundles: DocumentBundle[];
}

interface EncodeOptions {
  appVersion: string;
  createdAt?: Date;
  onProgress?: (p: BackupProgress) => void;
  signal?: AbortSignal;
}

interface DecodeOptions {
  onProgress?: (p: BackupProgress) => void;
  signal?: AbortSignal;
}

interface DecodedArchive extends ArchiveContents {
  manifest: BackupManifest;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ROLES: (keyof DocumentEntryPaths)[] = ['document', 'original', 'text', 'neighbourSims', 'chunks', 'vectors'];

export async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A Float32Array's values as little-endian bytes (a copy). */
function float32ToBytes(values: Float32Array): Uint8Array {
  if (littleEndian) return new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength) as ArrayBuffer);
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

/** Little-endian Float32 bytes back to values; undefined when the length is not a whole number of floats. */
function bytesToFloat32(bytes: Uint8Array): Float32Array | undefined {
  if (bytes.length % 4 !== 0) return undefined;
  if (littleEndian) return new Float32Array(bytes.slice().buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/** The bytes as an ArrayBuffer of their own. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
}

const json = (value: unknown) => encoder.encode(JSON.stringify(value));

/** Encodes settings and bundles as an archive. Refuses documents indexed with different models. */
export async function encodeArchive(contents: ArchiveContents, options: EncodeOptions): Promise<Uint8Array> {
  const { bundles } = contents;
  const { onProgress, signal } = options;
  const models = [...new Set(bundles.map((b) => b.vectors.embedderId))];
  if (models.length > 1) {
    throw new BackupError(
      'mixed',
      `The library's documents were indexed with different models (${models.join(', ')}), and vectors of two models cannot be searched together. Re-index every document with one model, then export.`,
    );
  }

  const entries = new Map<string, { data: Uint8Array; stored: boolean }>();
  entries.set(SETTINGS_PATH, { data: json(contents.settings ?? null), stored: false });
  const documents: ManifestDocument[] = bundles.map((bundle, i) => {
    const { document, file, text, chunks, vectors } = bundle;
    const paths = documentPaths(i);
    const { neighbourSims, ...textRest } = text;
    entries.set(paths.document, { data: json(document), stored: false });
    entries.set(paths.original, { data: new Uint8Array(file.bytes), stored: false });
    entries.set(paths.text, { data: json({ ...textRest, fileMime: file.mime }), stored: false });
    entries.set(paths.neighbourSims, { data: float32ToBytes(neighbourSims), stored: true });
    entries.set(paths.chunks, { data: json(chunks), stored: false });
    entries.set(paths.vectors, { data: float32ToBytes(vectors.data), stored: true });
    return { id: document.id, name: document.name, embedderId: vectors.embedderId, dim: vectors.dim, chunkCount: chunks.chunks.length, paths };
  });

  const files: Record<string, ManifestFile> = {};
  let done = 0;
  for (const [path, { data }] of entries) {
    signal?.throwIfAborted();
    files[path] = { bytes: data.length, sha256: await sha256Hex(data) };
    onProgress?.({ stage: 'packing', done: ++done, total: entries.size });
  }
  const createdAt = options.createdAt ?? new Date();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: createdAt.toISOString(),
    app: { name: 'Sieve', version: options.appVersion },
    embedderId: models[0] ?? null,
    documents,
    files,
  };
  const zippable: Zippable = { [MANIFEST_PATH]: [json(manifest), { level: 6 }] };
  // Floats hardly compress: stored as they are, which keeps export and import fast.
  for (const [path, { data, stored }] of entries) zippable[path] = [data, { level: stored ? 0 : 6 }];
  signal?.throwIfAborted();
  return zipSync(zippable, { mtime: createdAt });
}

const damaged = (why: string) => new BackupError('damaged', `This file is damaged or was altered: ${why}. Nothing was imported.`);
const foreign = (why: string) => new BackupError('foreign', `This is not a Sieve library export: ${why}. Nothing was imported.`);
const inconsistent = (name: string, why: string) =>
  new BackupError('inconsistent', `This export does not hold together: ${name}: ${why}. Nothing was imported.`);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isString = (v: unknown): v is string => typeof v === 'string';

function parseJson(bytes: Uint8Array, path: string): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    throw damaged(`${path} is not readable JSON`);
  }
}

/** The manifest's shape; anything off means the manifest was damaged (its format field already matched). */
function checkManifest(m: Record<string, unknown>): BackupManifest {
  const files = m.files;
  if (!isObject(files)) throw damaged('the manifest lists no entries');
  for (const [path, f] of Object.entries(files)) {
    if (!isObject(f) || !isInt(f.bytes) || !isString(f.sha256) || !/^[0-9a-f]{64}$/.test(f.sha256)) throw damaged(`the manifest's record of ${path} is malformed`);
  }
  if (!Array.isArray(m.documents)) throw damaged('the manifest lists no documents');
  for (const d of m.documents as unknown[]) {
    const ok =
      isObject(d) &&
      isString(d.id) &&
      isString(d.name) &&
      isString(d.embedderId) &&
      isInt(d.dim) &&
      isInt(d.chunkCount) &&
      isObject(d.paths) &&
      ROLES.every((r) => isString((d.paths as Record<string, unknown>)[r]));
    if (!ok) throw damaged('a document in the manifest is malformed');
  }
  if (!(m.embedderId === null || isString(m.embedderId))) throw damaged("the manifest's model is malformed");
  if (!isString(m.createdAt)) throw damaged("the manifest's date is malformed");
  return m as unknown as BackupManifest;
}

function checkRecord(v: unknown, name: string): DocumentRecord {
  const ok =
    isObject(v) &&
    isString(v.id) &&
    isString(v.name) &&
    isString(v.kind) &&
    isString(v.mime) &&
    isInt(v.size) &&
    typeof v.addedAt === 'number' &&
    isString(v.title) &&
    isInt(v.charCount) &&
    isInt(v.pageCount) &&
    isInt(v.sentenceCount) &&
    isInt(v.chunkCount) &&
    isObject(v.chunker) &&
    isString(v.chunker.kind) &&
    isString(v.embedderId) &&
    Array.isArray(v.warnings);
  if (!ok) throw inconsistent(name, 'its document record is malformed');
  return v as unknown as DocumentRecord;
}

function checkText(v: unknown, name: string): Omit<DocumentText, 'neighbourSims'> & { fileMime: string } {
  const ok =
    isObject(v) &&
    isString(v.docId) &&
    isString(v.text) &&
    isString(v.fileMime) &&
    Array.isArray(v.pages) &&
    Array.isArray(v.sections) &&
    Array.isArray(v.sentences) &&
    v.sentences.every((s) => isObject(s) && isInt(s.start) && isInt(s.end) && s.start <= s.end && s.end <= (v.text as string).length);
  if (!ok) throw inconsistent(name, 'its text record is malformed');
  return v as unknown as Omit<DocumentText, 'neighbourSims'> & { fileMime: string };
}

function checkChunks(v: unknown, name: string, textLength: number): DocumentChunks {
  if (!isObject(v) || !isString(v.docId) || !Array.isArray(v.chunks)) throw inconsistent(name, 'its chunks record is malformed');
  v.chunks.forEach((c: unknown, i: number) => {
    const ok =
      isObject(c) &&
      isString(c.id) &&
      isString(c.docId) &&
      c.index === i &&
      isString(c.text) &&
      isInt(c.start) &&
      isInt(c.end) &&
      c.start <= c.end &&
      c.end <= textLength &&
      Array.isArray(c.sectionPath) &&
      isInt(c.sentenceStart) &&
      isInt(c.sentenceEnd);
    if (!ok) throw inconsistent(name, `chunk ${i} is malformed`);
  });
  return v as unknown as DocumentChunks;
}

class UnpackLimit extends Error {}

/**
 * The most an export of `size` bytes may unpack to: vectors are stored uncompressed and text
 * deflates about 3–5 times, so 40 times its size (plus room for a small one) is generous.
 */
export function maxUnpackedBytes(size: number): number {
  return size * 40 + 64 * 2 ** 20;
}

/**
 * Decodes and verifies an archive. Throws a BackupError naming the cause; returns only when
 * every check passed.
 */
export async function decodeArchive(bytes: Uint8Array, options: DecodeOptions = {}): Promise<DecodedArchive> {
  const { onProgress, signal } = options;
  if (bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw foreign('it is not a zip archive');
  onProgress?.({ stage: 'unpacking', done: 0, total: 1 });
  let entries: Record<string, Uint8Array>;
  // Sizes as the zip declares them, checked before anything is inflated: a small file that
  // would unpack to gigabytes (a "zip bomb") is refused rather than exhausting the tab's memory.
  let declared = 0;
  const limit = maxUnpackedBytes(bytes.length);
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > limit) throw new UnpackLimit();
        return true;
      },
    });
  } catch (e) {
    if (e instanceof UnpackLimit) throw damaged(`it would unpack to more than ${Math.round(limit / 2 ** 20)} MB, far more than an export of this size holds`);
    throw damaged(`its zip container cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
  onProgress?.({ stage: 'unpacking', done: 1, total: 1 });
  const manifestBytes = entries[MANIFEST_PATH];
  if (!manifestBytes) throw foreign('it is a zip archive without a Sieve manifest');
  let raw: unknown;
  try {
    raw = JSON.parse(decoder.decode(manifestBytes));
  } catch {
    throw damaged('its manifest is not readable');
  }
  if (!isObject(raw) || raw.format !== BACKUP_FORMAT) throw foreign('its manifest is not a Sieve manifest');
  if (!isInt(raw.version) || raw.version < 1) throw damaged("the manifest's format version is malformed");
  if (raw.version > BACKUP_VERSION) {
    throw new BackupError(
      'version',
      `This export was made by a newer version of Sieve (format version ${raw.version}; this version reads up to ${BACKUP_VERSION}). Update Sieve to import it. Nothing was imported.`,
    );
  }
  const manifest = checkManifest(raw);

  // Exactly the listed entries, each of its recorded size and checksum.
  const listed = Object.keys(manifest.files);
  const missing = listed.filter((p) => !(p in entries));
  if (missing.length) throw damaged(`${missing.length === 1 ? 'the entry' : 'the entries'} ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''} listed in its manifest ${missing.length === 1 ? 'is' : 'are'} missing`);
  const extra = Object.keys(entries).filter((p) => p !== MANIFEST_PATH && !(p in manifest.files));
  if (extra.length) throw damaged(`it holds ${extra.length === 1 ? 'an entry' : 'entries'} its manifest does not list (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? '…' : ''})`);
  const needed = [SETTINGS_PATH, ...manifest.documents.flatMap((d) => ROLES.map((r) => d.paths[r]))];
  const unlisted = needed.filter((p) => !(p in manifest.files));
  if (unlisted.length) throw damaged(`its manifest does not list ${unlisted[0]}`);
  if (new Set(needed).size !== needed.length) throw damaged('its manifest gives two parts the same entry');
  const unused = listed.filter((p) => !needed.includes(p));
  if (unused.length) throw damaged(`its manifest lists ${unused[0]}, which belongs to no document`);

  let done = 0;
  for (const path of listed) {
    signal?.throwIfAborted();
    const data = entries[path];
    const expected = manifest.files[path];
    const owner = manifest.documents.find((d) => ROLES.some((r) => d.paths[r] === path));
    const where = owner ? `${path} (part of ${owner.name})` : path;
    if (data.length !== expected.bytes) throw damaged(`${where} holds ${data.length} bytes, its manifest says ${expected.bytes}`);
    if ((await sha256Hex(data)) !== expected.sha256) throw damaged(`${where} does not match its checksum`);
    onProgress?.({ stage: 'checking', done: ++done, total: listed.length });
  }

  const settings = parseJson(entries[SETTINGS_PATH], SETTINGS_PATH);
  if (settings !== null && !isObject(settings)) throw inconsistent('settings', 'they are not a settings object');
  const ids = new Set<string>();
  const bundles = manifest.documents.map((d): DocumentBundle => {
    const name = d.name;
    if (ids.has(d.id)) throw inconsistent(name, 'two documents have the same id');
    ids.add(d.id);
    const document = checkRecord(parseJson(entries[d.paths.document], d.paths.document), name);
    const { fileMime, ...textRest } = checkText(parseJson(entries[d.paths.text], d.paths.text), name);
    const chunks = checkChunks(parseJson(entries[d.paths.chunks], d.paths.chunks), name, textRest.text.length);
    const neighbourSims = bytesToFloat32(entries[d.paths.neighbourSims]);
    const data = bytesToFloat32(entries[d.paths.vectors]);
    if (!neighbourSims) throw inconsistent(name, 'its neighbour similarities are not whole 32-bit floats');
    if (!data) throw inconsistent(name, 'its vectors are not whole 32-bit floats');
    if (document.id !== d.id) throw inconsistent(name, `its record's id is "${document.id}", the manifest says "${d.id}"`);
    if (document.embedderId !== d.embedderId) throw inconsistent(name, `its record names the model ${document.embedderId}, its vectors ${d.embedderId}`);
    if (d.embedderId !== manifest.embedderId) throw inconsistent(name, `its vectors come from ${d.embedderId}, the export's from ${manifest.embedderId}`);
    if (chunks.chunks.length !== d.chunkCount) throw inconsistent(name, `it has ${chunks.chunks.length} chunks, the manifest says ${d.chunkCount}`);
    const original = entries[d.paths.original];
    if (original.length !== document.size) throw inconsistent(name, `its original file has ${original.length} bytes, its record says ${document.size}`);
    return {
      document,
      file: { docId: d.id, bytes: ownBuffer(original), mime: fileMime },
      text: { ...textRest, neighbourSims },
      chunks,
      vectors: { docId: d.id, embedderId: d.embedderId, dim: d.dim, data },
    };
  });
  return { manifest, settings, bundles };
}
