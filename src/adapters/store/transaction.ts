/** Runs a batch of writes as one transaction that either completes or leaves nothing behind. */
import type { IDBPDatabase, IDBPTransaction } from 'idb';

export type WriteTransaction = IDBPTransaction<unknown, string[], 'readwrite'>;

/** Registers a request so its failure is observed; returns it for callers that want the result. */
export type Track = <T>(request: Promise<T>) => Promise<T>;

class TransactionFailed extends Error {
  /** The transaction's own error (why it aborted), when the browser reported one. */
  readonly transactionError: unknown;
  constructor(
    readonly original: unknown,
    transactionError: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'TransactionFailed';
    this.transactionError = transactionError;
  }
}

/** The error that was raised and, when known, why the transaction aborted. */
export function failureCause(error: unknown): { original: unknown; transactionError: unknown } {
  return error instanceof TransactionFailed ? { original: error.original, transactionError: error.transactionError } : { original: error, transactionError: undefined };
}

/**
 * Issues every request synchronously inside `body` (no awaits on anything else, or the
 * transaction would commit early), then waits for the commit. On any failure, including a
 * synchronous throw halfway through `body`, the transaction is aborted and the error is
 * rethrown as TransactionFailed once the abort has settled.
 */
export async function runWrite(db: IDBPDatabase<unknown>, stores: string[], body: (tx: WriteTransaction, track: Track) => void): Promise<void> {
  const requests: Promise<unknown>[] = [];
  const track: Track = (request) => {
    requests.push(request);
    // Siblings of a failed request reject with AbortError; Promise.all below reports the first.
    request.catch(() => {});
    return request;
  };
  let tx: WriteTransaction | undefined;
  try {
    tx = db.transaction(stores, 'readwrite');
    tx.done.catch(() => {});
    body(tx, track);
    await Promise.all([...requests, tx.done]);
  } catch (e) {
    if (tx) {
      try {
        tx.abort();
      } catch {
        // Already aborted by the failing request, or already finished.
      }
      await tx.done.catch(() => {});
    }
    throw new TransactionFailed(e, tx?.error ?? undefined);
  }
}
