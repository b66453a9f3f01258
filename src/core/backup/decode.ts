import { unzipSync } from 'fflate';
import type { DocumentBundle } from '../kb';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, MANIFEST_PATH, SETTINGS_PATH, type BackupManifest, type BackupProgress, type ManifestDocument } from './format';
import { bytesToFloat32, ownBuffer, sha256Hex } from './bytes';
import { ROLES, checkChunks, checkManifest, checkRecord, checkText, damaged, foreign, inconsistent, isInt, isObject, parseJson } from './validate';
import type { ArchiveContents } from './encode';

interface DecodeOptions {
  onProgress?: (p: BackupProgress) => void;
  signal?: AbortSignal;
}

interface DecodedArchive extends ArchiveContents {
  manifest: BackupManifest;
}

type Entries = Record<string, Uint8Array>;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const decoder = new TextDecoder('utf-8', { fatal: true });

class UnpackLimit extends Error {}

/**
 * The most an export of `size` bytes may unpack to: vectors are stored uncompressed and text
 * deflates about 3–5 times, so 40 times its size (plus room for a small one) is generous.
 */
export function maxUnpackedBytes(size: number): number {
  return size * 40 + 64 * 2 ** 20;
}

/**
 * Decodes and verifies an archive: container, manifest, format version, the exact set of
 * entries, every entry's size and SHA-256, and that each document's parts agree. Throws a
 * BackupError naming the cause; returns only when every check passed.
 */
export async function decodeArchive(bytes: Uint8Array, options: DecodeOptions = {}): Promise<DecodedArchive> {
  const entries = unpack(bytes, options.onProgress);
  const manifest = readManifest(entries);
  checkEntrySet(manifest, entries);
  await checkSums(manifest, entries, options);
  const settings = parseJson(entries[SETTINGS_PATH], SETTINGS_PATH);
  if (settings !== null && !isObject(settings)) throw inconsistent('settings', 'they are not a settings object');
  const ids = new Set<string>();
  const bundles = manifest.documents.map((d) => {
    if (ids.has(d.id)) throw inconsistent(d.name, 'two documents have the same id');
    ids.add(d.id);
    return readBundle(d, manifest, entries);
  });
  return { manifest, settings, bundles };
}

/** The zip's entries. Sizes as the zip declares them are checked before anything is inflated: a small file that would unpack to gigabytes (a "zip bomb") is refused rather than exhausting the tab's memory. */
function unpack(bytes: Uint8Array, onProgress: DecodeOptions['onProgress']): Entries {
  if (bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw foreign('it is not a zip archive');
  onProgress?.({ stage: 'unpacking', done: 0, total: 1 });
  let declared = 0;
  const limit = maxUnpackedBytes(bytes.length);
  try {
    const entries = unzipSync(bytes, {
      filter: (file) => {
        declared += file.originalSize;
        if (declared > limit) throw new UnpackLimit();
        return true;
      },
    });
    onProgress?.({ stage: 'unpacking', done: 1, total: 1 });
    return entries;
  } catch (e) {
    if (e instanceof UnpackLimit) throw damaged(`it would unpack to more than ${Math.round(limit / 2 ** 20)} MB, far more than an export of this size holds`);
    throw damaged(`its zip container cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
}

function readManifest(entries: Entries): BackupManifest {
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
  return checkManifest(raw);
}

/** Exactly the listed entries, and every part of every document listed once. */
function checkEntrySet(manifest: BackupManifest, entries: Entries): void {
  const listed = Object.keys(manifest.files);
  const missing = listed.filter((p) => !(p in entries));
  if (missing.length)
    throw damaged(
      `${missing.length === 1 ? 'the entry' : 'the entries'} ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''} listed in its manifest ${missing.length === 1 ? 'is' : 'are'} missing`,
    );
  const extra = Object.keys(entries).filter((p) => p !== MANIFEST_PATH && !(p in manifest.files));
  if (extra.length)
    throw damaged(`it holds ${extra.length === 1 ? 'an entry' : 'entries'} its manifest does not list (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? '…' : ''})`);
  const needed = [SETTINGS_PATH, ...manifest.documents.flatMap((d) => ROLES.map((r) => d.paths[r]))];
  const unlisted = needed.filter((p) => !(p in manifest.files));
  if (unlisted.length) throw damaged(`its manifest does not list ${unlisted[0]}`);
  if (new Set(needed).size !== needed.length) throw damaged('its manifest gives two parts the same entry');
  const unused = listed.filter((p) => !needed.includes(p));
  if (unused.length) throw damaged(`its manifest lists ${unused[0]}, which belongs to no document`);
}

/** Every entry of its recorded size and checksum. */
async function checkSums(manifest: BackupManifest, entries: Entries, { onProgress, signal }: DecodeOptions): Promise<void> {
  const listed = Object.keys(manifest.files);
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
}

/** One document's parts, read and checked against each other and the manifest. */
function readBundle(d: ManifestDocument, manifest: BackupManifest, entries: Entries): DocumentBundle {
  const name = d.name;
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
}
