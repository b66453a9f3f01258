/**
 * The knowledge-base export format: a zip archive with a manifest naming every entry with its
 * size and SHA-256, and one entry per stored part of each document. Pure data, no DOM.
 */

/** Written into every manifest; a file without it is not ours. */
export const BACKUP_FORMAT = 'sieve-knowledge-base';
/** The format version this build writes, and the newest it reads. */
export const BACKUP_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';
export const SETTINGS_PATH = 'settings.json';
/** The file name extension of an export. */
export const BACKUP_EXTENSION = '.sieve';

/** The entries of one document, by role. */
export interface DocumentEntryPaths {
  /** DocumentRecord JSON. */
  document: string;
  /** The original file's bytes. */
  original: string;
  /** DocumentText JSON without neighbourSims. */
  text: string;
  /** DocumentText.neighbourSims: little-endian Float32. */
  neighbourSims: string;
  /** DocumentChunks JSON. */
  chunks: string;
  /** DocumentVectors.data: little-endian Float32, chunkCount × dim. */
  vectors: string;
}

export interface ManifestDocument {
  id: string;
  name: string;
  embedderId: string;
  dim: number;
  chunkCount: number;
  paths: DocumentEntryPaths;
}

export interface ManifestFile {
  bytes: number;
  /** Lower-case hex. */
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** ISO 8601. */
  createdAt: string;
  app: { name: 'Sieve'; version: string };
  /** The model every document's vectors come from; null for an export without documents. */
  embedderId: string | null;
  /** Oldest first: the order they are added back in. */
  documents: ManifestDocument[];
  /** Every entry except the manifest itself. */
  files: Record<string, ManifestFile>;
}

/**
 * Why an export was refused. `foreign`: not a Sieve export; `version`: written by a newer
 * Sieve; `damaged`: unreadable, incomplete, altered or failing its checksums; `inconsistent`:
 * well-formed but its parts do not agree; `model`: vectors of another model than the
 * library's; `mixed`: a library whose documents come from different models cannot be exported.
 */
type BackupErrorCode = 'foreign' | 'version' | 'damaged' | 'inconsistent' | 'model' | 'mixed';

export class BackupError extends Error {
  readonly code: BackupErrorCode;
  constructor(code: BackupErrorCode, message: string) {
    super(message);
    this.name = 'BackupError';
    this.code = code;
  }
}

export function isBackupError(e: unknown): e is BackupError {
  return e instanceof Error && e.name === 'BackupError' && 'code' in e;
}

/** Where a document's parts go: by position, so no id or file name ever becomes a path. */
export function documentPaths(index: number): DocumentEntryPaths {
  const dir = `documents/${String(index + 1).padStart(4, '0')}`;
  return {
    document: `${dir}/document.json`,
    original: `${dir}/original.bin`,
    text: `${dir}/text.json`,
    neighbourSims: `${dir}/neighbour-sims.f32`,
    chunks: `${dir}/chunks.json`,
    vectors: `${dir}/vectors.f32`,
  };
}

/** How far an export or import is. */
export interface BackupProgress {
  stage: 'reading' | 'packing' | 'unpacking' | 'checking' | 'saving';
  done: number;
  total: number;
}
