/**
 * Export and import of the whole knowledge base. Export reads every complete document from the
 * store; import decodes and verifies the whole file first, then writes every document in one
 * store transaction, so a refused file, a cancel before saving or a failed write changes nothing.
 */
import { version as APP_VERSION } from '../../package.json';
import { BackupError, decodeArchive, encodeArchive, type BackupProgress } from '../core/backup';
import type { DocumentBundle, DocumentRecord } from '../core/kb';
import { withDefaults, type Settings } from '../core/settings';
import type { KnowledgeBaseStore } from '../adapters/store';
import { bundleProblems } from '../adapters/store/bundle';

export interface ImportResult {
  /** Documents that were not in the library. */
  added: number;
  /** Documents that replaced one with the same id. */
  replaced: number;
  /** Whether the export's settings were taken (only into an empty library). */
  settingsImported: boolean;
  /** The library already had documents, so its own settings were kept. */
  hadDocuments: boolean;
  /** The settings in force afterwards. */
  settings: Settings;
  /** Why the settings could not be saved, when the documents were but they were not. */
  settingsProblem?: string;
}

/** What an import needs from the library; called inside its write turn. */
interface ImportTarget {
  /** The library's documents now. */
  documents: DocumentRecord[];
  settings: Settings;
  /** Writes the bundles in one transaction and makes them searchable; all or nothing. */
  addBundles(bundles: DocumentBundle[]): Promise<unknown>;
  updateSettings(patch: Partial<Settings>): Promise<Settings>;
}

/** Every complete stored document (oldest first) and the settings, as one archive. */
export async function exportKnowledgeBase(store: KnowledgeBaseStore, onProgress: (p: BackupProgress) => void, signal?: AbortSignal): Promise<Uint8Array> {
  const documents = await store.listDocuments();
  const bundles: DocumentBundle[] = [];
  onProgress({ stage: 'reading', done: 0, total: documents.length });
  for (const [i, d] of documents.entries()) {
    signal?.throwIfAborted();
    // A document without all its parts (deleted meanwhile, or half-written by an old version) is left out.
    const bundle = await store.getBundle(d.id);
    if (bundle && bundleProblems(bundle).length === 0) bundles.push(bundle);
    onProgress({ stage: 'reading', done: i + 1, total: documents.length });
  }
  // The settings in force (defaults where none were saved), so the model named matches the vectors.
  const settings = withDefaults(await store.getSettings<Partial<Settings>>());
  return encodeArchive({ settings, bundles }, { appVersion: APP_VERSION, onProgress, signal });
}

/** Verifies an archive completely, then merges it into the library (same id: replaced). */
export async function importKnowledgeBase(bytes: Uint8Array, target: ImportTarget, onProgress: (p: BackupProgress) => void, signal?: AbortSignal): Promise<ImportResult> {
  const { manifest, settings, bundles } = await decodeArchive(bytes, { onProgress, signal });
  for (const bundle of bundles) {
    const problems = bundleProblems(bundle);
    if (problems.length) {
      throw new BackupError('inconsistent', `This export does not hold together: ${bundle.document.name}: ${problems.join('; ')}. Nothing was imported.`);
    }
  }
  const existing = new Map(target.documents.map((d) => [d.id, d]));
  const libraryModels = [...new Set(target.documents.map((d) => d.embedderId))];
  if (bundles.length && libraryModels.some((m) => m !== manifest.embedderId)) {
    throw new BackupError(
      'model',
      `The documents in this file were indexed with the model ${manifest.embedderId}, but the documents in your library with ${libraryModels.join(', ')}. ` +
        `Vectors of two models cannot be searched together. To import it, either re-index your library with ${manifest.embedderId} ` +
        `(choose it in Settings, then Re-index), or clear the library first. Nothing was imported.`,
    );
  }
  signal?.throwIfAborted();

  const replaced = bundles.filter((b) => existing.has(b.document.id)).length;
  onProgress({ stage: 'saving', done: 0, total: 1 });
  if (bundles.length) await target.addBundles(bundles);
  onProgress({ stage: 'saving', done: 1, total: 1 });

  // A library with documents keeps its own settings: they go with how those were indexed.
  let result: ImportResult = { added: bundles.length - replaced, replaced, settingsImported: false, hadDocuments: existing.size > 0, settings: target.settings };
  if (existing.size === 0 && settings !== null) {
    try {
      result = { ...result, settingsImported: true, settings: await target.updateSettings(settings as Partial<Settings>) };
    } catch (e) {
      result.settingsProblem = `the documents were imported, but the settings could not be saved (${e instanceof Error ? e.message : String(e)})`;
    }
  }
  return result;
}
