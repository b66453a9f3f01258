import type { StorageUsage } from '../../core/kb';

/** The part of `navigator.storage` the store uses; injectable for tests. */
export interface StorageEstimator {
  estimate(): Promise<StorageEstimate>;
}

export function defaultEstimator(): StorageEstimator | undefined {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageEstimator> } }).navigator?.storage;
  return typeof storage?.estimate === 'function' ? (storage as StorageEstimator) : undefined;
}

/** Undefined when the browser cannot tell, or will not. */
export async function readUsage(estimator: StorageEstimator | undefined): Promise<StorageUsage | undefined> {
  if (!estimator) return undefined;
  try {
    const estimate = await estimator.estimate();
    const { usage, quota } = estimate;
    if (typeof usage !== 'number' || typeof quota !== 'number') return undefined;
    // Chromium says what the use is made of: the library lives in IndexedDB, app and model files in caches.
    const details = (estimate as { usageDetails?: Record<string, number> }).usageDetails;
    if (!details) return { usedBytes: usage, quotaBytes: quota };
    const cached = (details.caches ?? 0) + (details.serviceWorkerRegistrations ?? 0);
    return { usedBytes: usage, quotaBytes: quota, libraryBytes: details.indexedDB ?? 0, cachedFilesBytes: cached };
  } catch {
    return undefined;
  }
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}
