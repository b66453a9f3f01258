/**
 * Whether the browser keeps this site's storage under disk pressure (navigator.storage.persisted /
 * persist). Every call tolerates browsers without the API: the answer is then undefined.
 */

/** The Library footer's line for the persistence state, or undefined when the browser does not say. */
export function describePersistence(persisted: boolean | undefined): string | undefined {
  if (persisted === true) return 'Stored persistently: the browser will not clear it';
  if (persisted === false) return 'Not persistent: the browser may clear it when the disk runs low';
  return undefined;
}

type StorageManagerLike = Partial<Pick<StorageManager, 'persist' | 'persisted'>>;

const manager = (): StorageManagerLike | undefined => globalThis.navigator?.storage;

/** Whether storage is persistent now, without asking the user anything. */
export async function readPersisted(storage: StorageManagerLike | undefined = manager()): Promise<boolean | undefined> {
  try {
    return typeof storage?.persisted === 'function' ? await storage.persisted() : undefined;
  } catch {
    return undefined;
  }
}

/** Asks for persistent storage (a browser may prompt); the answer, or undefined without the API. */
export async function requestPersistence(storage: StorageManagerLike | undefined = manager()): Promise<boolean | undefined> {
  try {
    return typeof storage?.persist === 'function' ? await storage.persist() : undefined;
  } catch {
    return undefined;
  }
}
