/** What the storage footer says and offers, from the browser's storage use. */
import type { StorageUsage } from '../core/kb';
import { describeBytes } from './format';

export interface StorageParts {
  /** "12.1 MB library", "3.0 MB embedding cache", …: the parts the browser told, non-zero ones only. */
  parts: string[];
  /** Whether Free space has something to free: the embedding cache or model files. */
  canFree: boolean;
  /** What Free space would free, said for the confirmation. */
  freeable?: string;
  /** Whether Delete everything has something to delete: documents, the cache or model files. */
  canDelete: boolean;
}

export function storageParts(usage: StorageUsage | undefined, documentCount: number): StorageParts {
  if (!usage) return { parts: [], canFree: false, canDelete: documentCount > 0 };
  const named: Array<[number | undefined, string]> = [
    [usage.libraryBytes, 'library'],
    [usage.embeddingCacheBytes, 'embedding cache'],
    [usage.modelFilesBytes, 'model files'],
    [usage.appFilesBytes, 'app files'],
  ];
  // Where the browser does not split cached files, they are said together.
  if (usage.modelFilesBytes === undefined) named.push([usage.cachedFilesBytes, 'cached app and model files']);
  const parts = named.filter(([bytes]) => (bytes ?? 0) > 0).map(([bytes, label]) => `${describeBytes(bytes!)} ${label}`);
  const freeBytes = (usage.embeddingCacheBytes ?? 0) + (usage.modelFilesBytes ?? 0);
  const freeable = named
    .slice(1, 3)
    .filter(([bytes]) => (bytes ?? 0) > 0)
    .map(([bytes, label]) => `${describeBytes(bytes!)} ${label}`)
    .join(' and ');
  const stored = documentCount > 0 || (usage.libraryBytes ?? 0) > 0 || freeBytes > 0;
  return { parts, canFree: freeBytes > 0, ...(freeable ? { freeable } : {}), canDelete: stored };
}
