import type { EmbeddingCacheStore } from './cache-store';

/**
 * What the embedding calls made with one signal (one add, one re-indexed document) did to the
 * cache: the keys they read and wrote. An add that is stored keeps them as its document's; one
 * that fails or is cancelled gives back what it wrote.
 */
export interface CacheLedger {
  /** Keys the calls with this signal found in the cache or wrote to it, each once. */
  keysUsed(signal: AbortSignal): string[];
  /**
   * Deletes the entries calls with this signal wrote, and from now on deletes what they write as
   * it lands (work already under way): a failed add leaves nothing behind. Aborting the signal
   * does the same.
   */
  discard(signal: AbortSignal): void;
  /** Stops keeping account for this signal: its add was stored, and a later abort gives back nothing. */
  close(signal: AbortSignal): void;
}

/** How cached-embed reports to the ledger; returns nothing to wait for. */
export interface LedgerEntries {
  /** Keys found in the cache by a call with `signal`. */
  read(signal: AbortSignal | undefined, keys: string[]): void;
  /** Keys a call with `signal` wrote to the cache. */
  wrote(signal: AbortSignal | undefined, keys: string[]): void;
}

interface Account {
  read: Set<string>;
  written: Set<string>;
  discarded: boolean;
}

/**
 * A ledger over `store`, by signal (held weakly: a signal no longer referenced is forgotten).
 * Deleting needs a store that can delete; with one that cannot, `discard` keeps what was written.
 */
export function cacheLedger(store: EmbeddingCacheStore): CacheLedger & LedgerEntries {
  const accounts = new WeakMap<AbortSignal, Account>();

  function remove(keys: Iterable<string>): void {
    const list = [...keys];
    if (list.length && store.delete) void store.delete(list).catch(() => undefined);
  }

  function accountOf(signal: AbortSignal): Account {
    let account = accounts.get(signal);
    if (!account) {
      const fresh: Account = { read: new Set(), written: new Set(), discarded: false };
      accounts.set(signal, (account = fresh));
      signal.addEventListener('abort', () => discardAccount(fresh), { once: true });
    }
    return account;
  }

  function discardAccount(account: Account): void {
    account.discarded = true;
    remove(account.written);
    account.written.clear();
  }

  return {
    read(signal, keys) {
      if (!signal) return;
      const account = accountOf(signal);
      for (const key of keys) account.read.add(key);
    },
    wrote(signal, keys) {
      if (!signal) return;
      if (signal.aborted) return remove(keys);
      const account = accountOf(signal);
      if (account.discarded) return remove(keys);
      for (const key of keys) account.written.add(key);
    },
    keysUsed(signal) {
      const account = accounts.get(signal);
      return account ? [...new Set([...account.read, ...account.written])] : [];
    },
    discard(signal) {
      discardAccount(accountOf(signal));
      // Its journal goes too, so a later sweep does not delete entries a retry wrote again.
      void store.release?.(cacheOwner(signal)).catch(() => undefined);
    },
    close(signal) {
      const account = accounts.get(signal);
      accounts.delete(signal);
      account?.written.clear();
    },
  };
}

/** A tag per signal, for the journal records of what calls with it wrote: the time it was first asked for, then a random part. */
const owners = new WeakMap<AbortSignal, string>();

/**
 * The journal tag of the cache entries written under `signal` (see EmbeddingCacheStore.put):
 * 15 digits of the time it was first asked for, a dash, and a random part.
 */
export function cacheOwner(signal: AbortSignal): string {
  let owner = owners.get(signal);
  if (!owner) owners.set(signal, (owner = `${String(Date.now()).padStart(15, '0')}-${Math.random().toString(36).slice(2, 10)}`));
  return owner;
}
