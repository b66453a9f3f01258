/**
 * Test-only: makes fake-indexeddb's put fail with QuotaExceededError for chosen records,
 * either synchronously (as some browsers throw from put) or as a failed request that aborts the
 * transaction (as a write that does not fit is reported asynchronously). Needs fake-indexeddb/auto.
 */
export type QuotaFailure = 'throw' | 'request';

interface FakeTransaction {
  _execRequestAsync(request: { operation: () => unknown; source: unknown }): IDBRequest;
}

function quotaError(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

/** Returns a function that restores the original put. */
export function failPutsWithQuota(failure: QuotaFailure, when: (storeName: string, value: unknown) => boolean): () => void {
  const proto = globalThis.IDBObjectStore.prototype;
  const original = proto.put;
  proto.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    if (!when(this.name, value)) return original.call(this, value, key);
    if (failure === 'throw') throw quotaError();
    return (this.transaction as unknown as FakeTransaction)._execRequestAsync({
      operation: () => {
        throw quotaError();
      },
      source: this,
    });
  };
  return () => {
    proto.put = original;
  };
}
