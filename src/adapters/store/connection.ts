/** The open database behind the knowledge base, guarded: once closed, every use fails with the reason. */
import type { IDBPDatabase } from 'idb';
import { IngestError } from '../../core/errors';
import { toStoreError } from './errors';
import { openDatabase, type ConnectionHooks } from './open';
import { MIGRATIONS, type Migration } from './schema';
import { failureCause, runWrite } from './transaction';
import { defaultEstimator, readUsage, type StorageEstimator } from './usage';

const DEFAULT_DB_NAME = 'sieve-knowledge-base';

/** How errors that concern no single file are labelled. */
export const KB_LABEL = 'knowledge base';

export interface KnowledgeBaseOptions extends ConnectionHooks {
  name?: string;
  indexedDB?: IDBFactory;
  /** Defaults to navigator.storage; null means "cannot tell". */
  storage?: StorageEstimator | null;
  /** The schema; defaults to MIGRATIONS. Tests pass a longer list to exercise upgrades. */
  migrations?: readonly Migration[];
}

export interface Connection {
  readonly factory: IDBFactory;
  readonly estimator: StorageEstimator | undefined;
  /** The database, or an IngestError saying why it is closed. */
  live(): IDBPDatabase<unknown>;
  /** Rethrows a failure as a store error about `fileName`, with the storage usage (a full quota says so). */
  fail(error: unknown, fileName: string): Promise<never>;
  read<T>(work: (db: IDBPDatabase<unknown>) => Promise<T>): Promise<T>;
  write(stores: string[], fileName: string, body: Parameters<typeof runWrite>[2]): Promise<void>;
  close(): void;
}

function resolveFactory(options: KnowledgeBaseOptions): IDBFactory {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) {
    throw new IngestError('storage', KB_LABEL, 'this browser offers no local database (IndexedDB); private windows in some browsers turn it off');
  }
  return factory;
}

export async function openConnection(options: KnowledgeBaseOptions): Promise<Connection> {
  const factory = resolveFactory(options);
  const estimator = options.storage === null ? undefined : (options.storage ?? defaultEstimator());
  const migrations = options.migrations ?? MIGRATIONS;

  let closedBecause: string | undefined;
  let db: IDBPDatabase<unknown>;
  try {
    db = await openDatabase(factory, options.name ?? DEFAULT_DB_NAME, migrations, {
      onBlocked: options.onBlocked,
      onVersionChange: () => {
        closedBecause = 'Sieve was updated in another tab; reload this page to keep using your documents';
        options.onVersionChange?.();
      },
      onTerminated: () => {
        closedBecause = 'the browser closed the local database; reload the page';
        options.onTerminated?.();
      },
    });
  } catch (e) {
    if (e instanceof Error && e.name === 'VersionError') {
      throw new IngestError('storage', KB_LABEL, 'the stored knowledge base was written by a newer version of Sieve; reload the page');
    }
    throw toStoreError(e, KB_LABEL, undefined);
  }

  function live(): IDBPDatabase<unknown> {
    if (closedBecause) throw new IngestError('storage', KB_LABEL, closedBecause);
    return db;
  }

  async function fail(error: unknown, fileName: string): Promise<never> {
    const { original, transactionError } = failureCause(error);
    const usage = await readUsage(estimator);
    throw toStoreError(original, fileName, usage, transactionError);
  }

  return {
    factory,
    estimator,
    live,
    fail,
    async read(work) {
      try {
        return await work(live());
      } catch (e) {
        return fail(e, KB_LABEL);
      }
    },
    async write(stores, fileName, body) {
      try {
        await runWrite(live(), stores, body);
      } catch (e) {
        return fail(e, fileName);
      }
    },
    close() {
      closedBecause ??= 'the knowledge base was closed';
      db.close();
    },
  };
}
