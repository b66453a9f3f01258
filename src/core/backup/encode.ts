import { zipSync, type Zippable } from 'fflate';
import type { DocumentBundle } from '../kb';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  MANIFEST_PATH,
  SETTINGS_PATH,
  documentPaths,
  type BackupManifest,
  type BackupProgress,
  type ManifestDocument,
  type ManifestFile,
} from './format';
import { float32ToBytes, sha256Hex } from './bytes';

export interface ArchiveContents {
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

const encoder = new TextEncoder();
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
