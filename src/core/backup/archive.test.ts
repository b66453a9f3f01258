import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import type { DocumentBundle } from '../kb';
import { decodeArchive, encodeArchive, maxUnpackedBytes, sha256Hex } from './archive';
import { BACKUP_VERSION, MANIFEST_PATH, isBackupError, type BackupManifest } from './format';

const enc = new TextEncoder();

function bundle(id: string, name: string, text: string, embedderId = 'model-a', dim = 3): DocumentBundle {
  const half = Math.floor(text.length / 2);
  const chunks = [
    { id: `${id}#0`, docId: id, index: 0, text: text.slice(0, half), start: 0, end: half, sectionPath: ['Top'], header: 'T › Top', sentenceStart: 0, sentenceEnd: 1 },
    { id: `${id}#1`, docId: id, index: 1, text: text.slice(half), start: half, end: text.length, sectionPath: [], sentenceStart: 1, sentenceEnd: 2, pageStart: 1, pageEnd: 1 },
  ];
  const bytes = enc.encode(`original of ${name}: ${text}`).buffer as ArrayBuffer;
  return {
    document: {
      id,
      name,
      kind: 'markdown',
      mime: 'text/markdown',
      size: bytes.byteLength,
      addedAt: 1_700_000_000_000 + id.length,
      title: name.toUpperCase(),
      charCount: text.length,
      pageCount: 0,
      sentenceCount: 2,
      chunkCount: 2,
      chunker: { kind: 'semantic', threshold: 0.8, maxChars: 500, headers: true },
      embedderId,
      warnings: ['a warning'],
      indexVersion: 4,
    },
    file: { docId: id, bytes, mime: 'text/markdown' },
    text: {
      docId: id,
      text,
      pages: [],
      sections: [{ start: 0, end: text.length, path: ['Top'] }],
      sentences: [
        { start: 0, end: half },
        { start: half, end: text.length },
      ],
      neighbourSims: new Float32Array([0.25]),
    },
    chunks: { docId: id, chunks },
    vectors: { docId: id, embedderId, dim, data: Float32Array.from({ length: 2 * dim }, (_, i) => Math.sin(i + id.length) / 3) },
  };
}

const SETTINGS = { search: { mode: 'bm25', weights: { bm25: 0.7, dense: 0.3 }, limit: 9 } };
const BUNDLES = [bundle('doc-1', 'notes.md', 'The apiary holds hives. Honey reached 212 kg.'), bundle('doc-22', 'ferry.md', 'The ferry leaves at noon. It returns at six.')];

const encode = (bundles = BUNDLES, settings: unknown = SETTINGS) => encodeArchive({ settings, bundles }, { appVersion: '9.9.9', createdAt: new Date('2026-01-02T03:04:05Z') });

/** The refusal an archive gets, or undefined when it is accepted. */
async function refusal(bytes: Uint8Array): Promise<{ code: string; message: string } | undefined> {
  try {
    await decodeArchive(bytes);
    return undefined;
  } catch (e) {
    if (!isBackupError(e)) throw e;
    return { code: e.code, message: e.message };
  }
}

/** Rewrites an archive's entries and manifest, recomputing every checksum, as a careful forger would. */
async function rewrite(bytes: Uint8Array, edit: (entries: Record<string, Uint8Array>, manifest: BackupManifest) => void): Promise<Uint8Array> {
  const entries = unzipSync(bytes);
  const manifest = JSON.parse(new TextDecoder().decode(entries[MANIFEST_PATH])) as BackupManifest;
  delete entries[MANIFEST_PATH];
  edit(entries, manifest);
  manifest.files = {};
  for (const [path, data] of Object.entries(entries)) manifest.files[path] = { bytes: data.length, sha256: await sha256Hex(data) };
  return zipSync({ ...entries, [MANIFEST_PATH]: enc.encode(JSON.stringify(manifest)) });
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

describe('knowledge-base archive: round trip', () => {
  it('round-trips settings and bundles exactly, with a manifest naming format, version, app and model', async () => {
    const bytes = await encode();
    const { manifest, settings, bundles } = await decodeArchive(bytes);
    expect(settings).toEqual(SETTINGS);
    expect(bundles).toEqual(BUNDLES);
    expect(bundles[0].vectors.data).toBeInstanceOf(Float32Array);
    expect(bundles[0].text.neighbourSims).toBeInstanceOf(Float32Array);
    expect(new Uint8Array(bundles[1].file.bytes)).toEqual(new Uint8Array(BUNDLES[1].file.bytes));
    expect(manifest).toMatchObject({
      format: 'sieve-knowledge-base',
      version: BACKUP_VERSION,
      createdAt: '2026-01-02T03:04:05.000Z',
      app: { name: 'Sieve', version: '9.9.9' },
      embedderId: 'model-a',
    });
    expect(manifest.documents.map((d) => [d.id, d.name, d.chunkCount, d.dim])).toEqual([
      ['doc-1', 'notes.md', 2, 3],
      ['doc-22', 'ferry.md', 2, 3],
    ]);
    // One entry per part, each with its size and checksum.
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual([MANIFEST_PATH, ...Object.keys(manifest.files)].sort());
    expect(Object.keys(manifest.files)).toHaveLength(1 + 2 * 6);
    const vectorsPath = manifest.documents[0].paths.vectors;
    expect(manifest.files[vectorsPath]).toEqual({ bytes: 2 * 3 * 4, sha256: await sha256Hex(entries[vectorsPath]) });
    // Vectors are raw little-endian float32.
    expect(new DataView(entries[vectorsPath].buffer, entries[vectorsPath].byteOffset).getFloat32(4, true)).toBe(BUNDLES[0].vectors.data[1]);
  });

  it('round-trips an empty library (settings only, no model)', async () => {
    const { manifest, settings, bundles } = await decodeArchive(await encode([], null));
    expect(bundles).toEqual([]);
    expect(settings).toBeNull();
    expect(manifest.embedderId).toBeNull();
  });

  it('refuses to export documents indexed with different models', async () => {
    await expect(encode([BUNDLES[0], bundle('doc-3', 'other.md', 'Other text here. And more.', 'model-b')])).rejects.toMatchObject({ name: 'BackupError', code: 'mixed' });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(decodeArchive(await encode(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('knowledge-base archive: damaged or foreign files', () => {
  it('refuses a flipped byte in a document part as damaged, naming the part', async () => {
    const bytes = await encode();
    // Floats are stored uncompressed, so the vector bytes sit verbatim in the file.
    const vectors = new Uint8Array(BUNDLES[1].vectors.data.buffer);
    const at = indexOfBytes(bytes, vectors);
    expect(at).toBeGreaterThan(0);
    const bad = bytes.slice();
    bad[at + 5] ^= 0x01;
    const r = await refusal(bad);
    expect(r?.code).toBe('damaged');
    expect(r?.message).toMatch(/vectors\.f32 \(part of ferry\.md\) does not match its checksum/);
  });

  it('never accepts altered contents, wherever a byte is flipped', async () => {
    const bytes = await encode();
    const original = await decodeArchive(bytes);
    let refused = 0;
    for (let at = 0; at < bytes.length; at += 7) {
      const bad = bytes.slice();
      bad[at] ^= 0x10;
      const r = await refusal(bad);
      if (r) {
        refused++;
        expect(['damaged', 'foreign', 'version']).toContain(r.code);
        continue;
      }
      // Bytes no content depends on (zip timestamps, attributes) may change harmlessly.
      const again = await decodeArchive(bad);
      expect({ settings: again.settings, bundles: again.bundles }).toEqual({ settings: original.settings, bundles: original.bundles });
    }
    expect(refused).toBeGreaterThan(bytes.length / 7 / 2);
  });

  it('refuses a file that is not a zip, and a zip that is not a Sieve export, as foreign', async () => {
    expect(await refusal(enc.encode('%PDF-1.7 not an archive'))).toMatchObject({
      code: 'foreign',
      message: expect.stringMatching(/not a Sieve library export: it is not a zip archive/),
    });
    expect(await refusal(new Uint8Array())).toMatchObject({ code: 'foreign' });
    expect(await refusal(zipSync({ 'readme.txt': enc.encode('hello') }))).toMatchObject({ code: 'foreign', message: expect.stringMatching(/without a Sieve manifest/) });
    expect(await refusal(zipSync({ 'manifest.json': enc.encode('{"format":"other-app","version":1}') }))).toMatchObject({
      code: 'foreign',
      message: expect.stringMatching(/not a Sieve manifest/),
    });
  });

  it('refuses a small file that would unpack to far more than an export of its size holds, before inflating it', async () => {
    // 100 MB of zeros deflates to about 100 KB.
    const bomb = zipSync({ 'manifest.json': enc.encode('{}'), 'documents/0001/vectors.f32': new Uint8Array(100 * 2 ** 20) }, { level: 9 });
    expect(bomb.length).toBeLessThan(maxUnpackedBytes(0) / 100);
    expect(await refusal(bomb)).toMatchObject({ code: 'damaged', message: expect.stringMatching(/would unpack to more than \d+ MB/) });
  });
});

describe('knowledge-base archive: forged contents', () => {
  it('refuses a newer format version, saying to update', async () => {
    const newer = await rewrite(await encode(), (_, m) => {
      m.version = BACKUP_VERSION + 1;
    });
    expect(await refusal(newer)).toMatchObject({ code: 'version', message: expect.stringMatching(/newer version of Sieve \(format version 2.*Update Sieve/) });
  });

  it('refuses missing and unlisted entries', async () => {
    const bytes = await encode();
    const entries = unzipSync(bytes);
    const manifest = JSON.parse(new TextDecoder().decode(entries[MANIFEST_PATH])) as BackupManifest;
    const chunksPath = manifest.documents[0].paths.chunks;
    const { [chunksPath]: _dropped, ...without } = entries;
    expect(await refusal(zipSync(without))).toMatchObject({ code: 'damaged', message: expect.stringContaining(`${chunksPath} listed in its manifest is missing`) });
    expect(await refusal(zipSync({ ...entries, 'extra.bin': new Uint8Array([1, 2]) }))).toMatchObject({ code: 'damaged', message: expect.stringContaining('extra.bin') });
    // Listed with a checksum, but part of no document.
    const stray = await rewrite(bytes, (e) => {
      e['documents/stray.json'] = enc.encode('{}');
    });
    expect(await refusal(stray)).toMatchObject({ code: 'damaged', message: expect.stringContaining('belongs to no document') });
  });

  it('refuses parts that do not agree even when their checksums do', async () => {
    const bytes = await encode();
    const dropChunk = await rewrite(bytes, (e, m) => {
      const path = m.documents[1].paths.chunks;
      const chunks = JSON.parse(new TextDecoder().decode(e[path]));
      chunks.chunks.pop();
      e[path] = enc.encode(JSON.stringify(chunks));
    });
    expect(await refusal(dropChunk)).toMatchObject({ code: 'inconsistent', message: expect.stringMatching(/ferry\.md: it has 1 chunks, the manifest says 2/) });
    const otherModel = await rewrite(bytes, (e, m) => {
      const path = m.documents[0].paths.document;
      e[path] = enc.encode(JSON.stringify({ ...BUNDLES[0].document, embedderId: 'model-z' }));
    });
    expect(await refusal(otherModel)).toMatchObject({ code: 'inconsistent', message: expect.stringContaining('model-z') });
    const ragged = await rewrite(bytes, (e, m) => {
      e[m.documents[0].paths.vectors] = e[m.documents[0].paths.vectors].slice(0, 10);
    });
    expect(await refusal(ragged)).toMatchObject({ code: 'inconsistent', message: expect.stringContaining('not whole 32-bit floats') });
    const badChunk = await rewrite(bytes, (e, m) => {
      const path = m.documents[0].paths.chunks;
      const chunks = JSON.parse(new TextDecoder().decode(e[path]));
      chunks.chunks[1].end = 10_000;
      e[path] = enc.encode(JSON.stringify(chunks));
    });
    expect(await refusal(badChunk)).toMatchObject({ code: 'inconsistent', message: expect.stringContaining('chunk 1 is malformed') });
  });
});
