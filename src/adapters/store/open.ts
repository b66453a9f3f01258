/**
 * Opens the database on any IDBFactory (idb's own openDB only uses the global one) and keeps
 * tabs from blocking each other's upgrades.
 */
import { wrap, type IDBPDatabase } from 'idb';
import { runMigrations, type Migration, type UpgradeTransaction } from './schema';

export interface ConnectionHooks {
  /** Our upgrade waits for another tab that still has an older version open. */
  onBlocked?: () => void;
  /**
   * Another tab upgraded or deleted the database; this connection has already closed itself
   * so that tab can go on. The page should ask the user to reload.
   */
  onVersionChange?: () => void;
  /** The browser closed the connection abnormally (storage cleared, disk error). */
  onTerminated?: () => void;
}

export async function openDatabase(factory: IDBFactory, name: string, migrations: readonly Migration[], hooks: ConnectionHooks): Promise<IDBPDatabase<unknown>> {
  const request = factory.open(name, migrations.length);
  let migrationError: unknown;

  request.addEventListener('upgradeneeded', (event) => {
    const upgrade = request.transaction!;
    const db = wrap(request.result) as IDBPDatabase<unknown>;
    const tx = wrap(upgrade) as unknown as UpgradeTransaction;
    // A failed upgrade surfaces through the open request; this copy of the failure is not news.
    tx.done.catch(() => {});
    runMigrations(migrations, db, tx, event.oldVersion, event.newVersion ?? migrations.length).catch((e) => {
      migrationError = e;
      try {
        upgrade.abort();
      } catch {
        // Already finished or aborting: the open request fails either way.
      }
    });
  });
  request.addEventListener('blocked', () => hooks.onBlocked?.());

  let db: IDBPDatabase<unknown>;
  try {
    db = await (wrap(request) as unknown as Promise<IDBPDatabase<unknown>>);
  } catch (e) {
    throw migrationError ?? e;
  }
  db.addEventListener('versionchange', () => {
    db.close();
    hooks.onVersionChange?.();
  });
  db.addEventListener('close', () => hooks.onTerminated?.());
  return db;
}
