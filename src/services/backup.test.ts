import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import type { KnowledgeBaseStore } from '../adapters/store';
import { failPutsWithQuota } from '../testing/store-quota';
import { FakeEmbedder } from '../testing/fake-embedder';
import { file, never, parse, setup } from '../testing/library-fixtures';
import { MANIFEST_PATH, sha256Hex, type BackupManifest, type BackupProgress } from '../core/backup';
import { Library } from './library';

const NOTES = '# Bees\n\nThe apiary holds fourteen hives.\n\n## Harvest\n\nHoney harvest reached 212 kilograms in 2023. The harvest was stored in the cellar.\n';
const FERRY = '# Ferry\n\nThe ferry to Gull Island leaves at noon.\n\nThe ferry returns at six, weather permitting.\n';
const TIDES = 'Tide tables\n\nHigh tide at the harbour is at 07:12 and 19:40.\n';

/** Everything stored about every document, for comparing libraries. */
async function storedBundles(store: KnowledgeBaseStore) {
  const docs = await store.listDocuments();
  return Promise.all(docs.map(async (d) => (await store.getBundle(d.id))!));
}

const hitsOf = async (library: Library, query: string) =>
  (await library.search(query)).hits.map((h) => ({ id: h.chunk.id, doc: h.docName, score: h.score, bm25: h.bm25, dense: h.dense }));

/** A library with two documents and a non-default setting. */
async function filled() {
  const lib = await setup();
  await lib.library.updateSettings({ search: { mode: 'hybrid', weights: { bm25: 0.7, dense: 0.3 }, limit: 7 } });
  await lib.library.ingest(file('notes.md', NOTES), () => {}, never);
  await lib.library.ingest(file('ferry.md', FERRY), () => {}, never);
  return lib;
}

async function rejection(p: Promise<unknown>): Promise<{ name?: string; code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { name?: string; code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

describe('knowledge-base export and import: round trips', () => {
  it('round-trips into an empty library: identical bundles, settings and search results', async () => {
    const source = await filled();
    const progress: BackupProgress[] = [];
    const bytes = await source.library.exportArchive((p) => progress.push(p), never);
    expect(progress.map((p) => p.stage)).toEqual(expect.arrayContaining(['reading', 'packing']));

    const target = await setup();
    const seen: BackupProgress[] = [];
    const result = await target.library.importArchive(bytes, (p) => seen.push(p), never);
    expect(result).toMatchObject({ added: 2, replaced: 0, settingsImported: true });
    expect(result.settings.search).toEqual({ mode: 'hybrid', weights: { bm25: 0.7, dense: 0.3 }, limit: 7 });
    expect(seen.map((p) => p.stage)).toEqual(expect.arrayContaining(['unpacking', 'checking', 'saving']));

    expect(await storedBundles(target.store)).toEqual(await storedBundles(source.store));
    expect(target.library.listDocuments()).toEqual(source.library.listDocuments());
    expect(await target.store.getSettings()).toEqual(await source.store.getSettings());
    for (const q of ['honey harvest', 'ferry to the island', 'cellar']) {
      const expected = await hitsOf(source.library, q);
      expect(expected.length).toBeGreaterThan(0);
      expect(await hitsOf(target.library, q)).toEqual(expected);
    }
    // And the same after a reload from storage.
    const reopened = new Library({ store: target.store, parse, loadEmbedder: async () => new FakeEmbedder() });
    await reopened.open();
    expect(await hitsOf(reopened, 'honey harvest')).toEqual(await hitsOf(source.library, 'honey harvest'));
  });

  it('exports the settings in force even when none were saved, so an empty library takes the model the vectors need', async () => {
    const source = await setup();
    await source.library.ingest(file('notes.md', NOTES), () => {}, never);
    expect(await source.store.getSettings()).toBeUndefined();
    const bytes = await source.library.exportArchive(() => {}, never);
    const target = await setup();
    await target.library.updateSettings({
      embedder: { kind: 'transformers', modelId: 'someone/other-model', source: 'hub', device: 'auto' },
      search: { mode: 'bm25', weights: { bm25: 1, dense: 0 }, limit: 3 },
    });
    const result = await target.library.importArchive(bytes, () => {}, never);
    expect(result).toMatchObject({ added: 1, settingsImported: true, hadDocuments: false });
    expect(result.settings).toEqual(source.library.currentSettings);
    expect(await target.store.getSettings()).toEqual(source.library.currentSettings);
  });

  it('merges into a library with documents: same id replaced, others added, its own settings kept', async () => {
    const source = await filled();
    const bytes = await source.library.exportArchive(() => {}, never);
    const target = await setup();
    await target.library.ingest(file('tides.txt', TIDES, 'text/plain'), () => {}, never);
    const first = await target.library.importArchive(bytes, () => {}, never);
    expect(first).toMatchObject({ added: 2, replaced: 0, settingsImported: false });
    expect(first.settings.search.limit).not.toBe(7);
    const again = await target.library.importArchive(bytes, () => {}, never);
    expect(again).toMatchObject({ added: 0, replaced: 2, settingsImported: false });
    expect((await target.store.listDocuments()).map((d) => d.name).sort()).toEqual(['ferry.md', 'notes.md', 'tides.txt']);
    expect((await hitsOf(target.library, 'high tide harbour'))[0].doc).toBe('tides.txt');
    expect((await hitsOf(target.library, 'honey harvest'))[0].doc).toBe('notes.md');
  });
});

describe('knowledge-base export and import: refusals', () => {
  it('refuses a damaged file and changes nothing', async () => {
    const source = await filled();
    const bytes = await source.library.exportArchive(() => {}, never);
    const target = await setup();
    await target.library.ingest(file('tides.txt', TIDES, 'text/plain'), () => {}, never);
    const before = { bundles: await storedBundles(target.store), revision: await target.store.revision(), settings: await target.store.getSettings() };
    const hitsBefore = await hitsOf(target.library, 'honey tide ferry');

    const bad = bytes.slice();
    bad[Math.floor(bad.length / 2)] ^= 0xff;
    const e = await rejection(target.library.importArchive(bad, () => {}, never));
    expect(e).toMatchObject({ name: 'BackupError', code: 'damaged' });
    expect(e.message).toMatch(/damaged.*Nothing was imported/);

    expect(await storedBundles(target.store)).toEqual(before.bundles);
    expect(await target.store.revision()).toBe(before.revision);
    expect(await target.store.getSettings()).toEqual(before.settings);
    expect(await hitsOf(target.library, 'honey tide ferry')).toEqual(hitsBefore);
  });

  it('refuses foreign files, a non-zip and a newer version, leaving an empty library empty with its settings', async () => {
    const source = await filled();
    const bytes = await source.library.exportArchive(() => {}, never);
    const target = await setup();
    const settingsBefore = await target.store.getSettings();
    expect(await rejection(target.library.importArchive(new TextEncoder().encode('just some text'), () => {}, never))).toMatchObject({ code: 'foreign' });
    expect(await rejection(target.library.importArchive(zipSync({ 'photo.jpg': new Uint8Array([1, 2, 3]) }), () => {}, never))).toMatchObject({ code: 'foreign' });

    const entries = unzipSync(bytes);
    const manifest = JSON.parse(new TextDecoder().decode(entries[MANIFEST_PATH])) as BackupManifest;
    const newer = zipSync({ ...entries, [MANIFEST_PATH]: new TextEncoder().encode(JSON.stringify({ ...manifest, version: 7 })) });
    expect(await rejection(target.library.importArchive(newer, () => {}, never))).toMatchObject({ code: 'version' });

    expect(await target.store.listDocuments()).toEqual([]);
    expect(await target.store.getSettings()).toEqual(settingsBefore);
    expect(target.library.listDocuments()).toEqual([]);
  });

  it('refuses vectors that disagree with their chunks even when the checksums were recomputed', async () => {
    const source = await filled();
    const entries = unzipSync(await source.library.exportArchive(() => {}, never));
    const manifest = JSON.parse(new TextDecoder().decode(entries[MANIFEST_PATH])) as BackupManifest;
    const path = manifest.documents[0].paths.vectors;
    entries[path] = entries[path].slice(0, entries[path].length - 4 * manifest.documents[0].dim);
    manifest.files[path] = { bytes: entries[path].length, sha256: await sha256Hex(entries[path]) };
    const forged = zipSync({ ...entries, [MANIFEST_PATH]: new TextEncoder().encode(JSON.stringify(manifest)) });
    const target = await setup();
    const e = await rejection(target.library.importArchive(forged, () => {}, never));
    expect(e).toMatchObject({ code: 'inconsistent' });
    expect(e.message).toMatch(/notes\.md: vectors hold \d+ floats, expected \d+ chunks × 64/);
    expect(await target.store.listDocuments()).toEqual([]);
  });

  it("refuses vectors of another model than the library's, explaining what to do; an empty library takes them", async () => {
    const source = await filled();
    const bytes = await source.library.exportArchive(() => {}, never);
    const other = await setup(new FakeEmbedder(64, 'other-model'));
    await other.library.ingest(file('tides.txt', TIDES, 'text/plain'), () => {}, never);
    const e = await rejection(other.library.importArchive(bytes, () => {}, never));
    expect(e).toMatchObject({ code: 'model' });
    expect(e.message).toMatch(/indexed with the model fake-bow, but the documents in your library with other-model.*re-index.*or clear the library first/);
    expect((await other.store.listDocuments()).map((d) => d.name)).toEqual(['tides.txt']);

    await other.library.clear();
    expect(await other.library.importArchive(bytes, () => {}, never)).toMatchObject({ added: 2, settingsImported: true });
  });
});

describe('knowledge-base export and import: interrupted imports', () => {
  it('a storage failure while writing adds nothing', async () => {
    const source = await filled();
    const bytes = await source.library.exportArchive(() => {}, never);
    const target = await setup();
    await target.library.ingest(file('tides.txt', TIDES, 'text/plain'), () => {}, never);
    const before = await storedBundles(target.store);
    // The second document's chunks do not fit: the first document was already queued in the same transaction.
    const restore = failPutsWithQuota('request', (storeName, value) => storeName === 'chunkParts' && (value as { docId?: string }).docId === source.library.listDocuments()[1].id);
    try {
      expect(await rejection(target.library.importArchive(bytes, () => {}, never))).toMatchObject({ code: 'quota' });
    } finally {
      restore();
    }
    expect(await storedBundles(target.store)).toEqual(before);
    expect(target.library.listDocuments().map((d) => d.name)).toEqual(['tides.txt']);
    expect((await hitsOf(target.library, 'honey harvest ferry')).every((h) => h.doc === 'tides.txt')).toBe(true);
  });

  it('a cancelled import changes nothing', async () => {
    const source = await filled();
    const bytes = await source.library.exportArchive(() => {}, never);
    const target = await setup();
    const controller = new AbortController();
    const running = target.library.importArchive(bytes, (p) => p.stage === 'checking' && controller.abort(), controller.signal);
    expect(await rejection(running)).toMatchObject({ name: 'AbortError' });
    expect(await target.store.listDocuments()).toEqual([]);
  });
});
