/**
 * A small record of the files this browser is still adding, kept in localStorage by the page so
 * that a reload or a closed tab mid-ingest is not silently forgotten: the File objects are gone
 * on the next visit, but their names are not, and the Library can say which to add again.
 *
 * Each record names the page that queued it. A page holds a Web Lock named after itself for as
 * long as it is open, so another tab's ingests in progress are told apart from ones whose page
 * has gone (where the browser has no Web Locks, every record left from another page counts).
 */

export interface PendingIngest {
  /** Unique per record: the page's id and a counter. */
  key: string;
  /** The page that queued the file. */
  page: string;
  name: string;
  size: number;
  type: string;
  /** Milliseconds since the epoch. */
  startedAt: number;
  /** The page went away normally (closed, reloaded, navigated: its pagehide ran); absent where it stopped without (it crashed). */
  closed?: boolean;
}

/** The localStorage key the records live under. */
export const PENDING_KEY = 'sieve:pending-ingests';
/** Prefix of the Web Lock each open page holds (followed by its page id). */
const PAGE_LOCK_PREFIX = 'sieve-page:';

/** The part of localStorage used here (so tests and browsers without it can pass their own). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads the records; anything malformed is dropped rather than thrown. */
export function parsePending(raw: string | null | undefined): PendingIngest[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (r): r is PendingIngest =>
      !!r &&
      typeof r === 'object' &&
      typeof r.key === 'string' &&
      typeof r.page === 'string' &&
      typeof r.name === 'string' &&
      typeof r.size === 'number' &&
      typeof r.type === 'string' &&
      typeof r.startedAt === 'number' &&
      (r.closed === undefined || typeof r.closed === 'boolean'),
  );
}

export function addPending(records: PendingIngest[], record: PendingIngest): PendingIngest[] {
  return [...records.filter((r) => r.key !== record.key), record];
}

export function removePending(records: PendingIngest[], keys: Iterable<string>): PendingIngest[] {
  const drop = new Set(keys);
  return records.filter((r) => !drop.has(r.key));
}

/** The records whose page is gone: not this page, and not one still holding its lock. */
export function leftOver(records: PendingIngest[], thisPage: string, livePages: Iterable<string>): PendingIngest[] {
  const live = new Set(livePages);
  return records.filter((r) => r.page !== thisPage && !live.has(r.page));
}

/**
 * The records whose file did not reach the library: a record is dropped when a document of the
 * same name and size was added since it started (the page closed after the add was stored but
 * before its record was cleared).
 */
export function notInLibrary<R extends Pick<PendingIngest, 'name' | 'size' | 'startedAt'>>(records: R[], documents: Array<{ name: string; size: number; addedAt: number }>): R[] {
  return records.filter((r) => !documents.some((d) => d.name === r.name && d.size === r.size && d.addedAt >= r.startedAt));
}

/**
 * The Library's notice for files left half-added, or undefined when there are none. A file
 * interrupted several times is named once. Files whose page stopped without closing (it crashed,
 * as a tab does that runs out of memory) are named apart: they may be what stopped it.
 */
export function describeInterrupted(records: Pick<PendingIngest, 'name' | 'size' | 'closed'>[]): string | undefined {
  const named = (rs: typeof records) => [...new Map(rs.map((r) => [`${r.size}:${r.name}`, r.name])).values()];
  const stopped = named(records.filter((r) => !r.closed));
  const closed = named(records.filter((r) => r.closed)).filter((n) => !stopped.includes(n));
  const parts: string[] = [];
  if (closed.length === 1) parts.push(`1 file was still being added when the page closed: ${closed[0]}.`);
  if (closed.length > 1) parts.push(`${closed.length} files were still being added when the page closed: ${closed.join(', ')}.`);
  if (stopped.length)
    parts.push(
      `The page stopped while adding ${stopped.join(', ')}; ${stopped.length === 1 ? 'it' : 'they'} may be too large to read here (split ${stopped.length === 1 ? 'it' : 'them'}, or save as PDF or CSV, before adding again).`,
    );
  return parts.length ? parts.join(' ') : undefined;
}

/** Reads and writes the records in a key-value store; every storage failure is swallowed (the record is a courtesy). */
export class PendingIngestLog {
  private counter = 0;

  constructor(
    private readonly storage: KeyValueStore | undefined,
    readonly page: string,
    private readonly now: () => number = Date.now,
  ) {}

  list(): PendingIngest[] {
    try {
      return parsePending(this.storage?.getItem(PENDING_KEY));
    } catch {
      return [];
    }
  }

  private write(records: PendingIngest[]) {
    try {
      if (records.length) this.storage?.setItem(PENDING_KEY, JSON.stringify(records));
      else this.storage?.removeItem(PENDING_KEY);
    } catch {
      /* storage full or blocked: the notice is lost, nothing else */
    }
  }

  /** Notes a file as being added; returns the key to pass to finish. */
  start(file: { name: string; size: number; type: string }): string {
    const key = `${this.page}:${++this.counter}`;
    this.write(addPending(this.list(), { key, page: this.page, name: file.name, size: file.size, type: file.type, startedAt: this.now() }));
    return key;
  }

  /** Marks this page's records as left by a page that closed normally (called on pagehide). */
  markClosed() {
    const records = this.list();
    if (records.some((r) => r.page === this.page)) this.write(records.map((r) => (r.page === this.page ? { ...r, closed: true } : r)));
  }

  /** Forgets records: a job that ended (done, failed or cancelled), or left-overs the user dismissed. */
  finish(...keys: string[]) {
    this.write(removePending(this.list(), keys));
  }
}

/** A random id for this page load. */
export function newPageId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The ids of pages holding their lock now, or an empty list where the browser has no Web Locks. */
export async function livePages(): Promise<string[]> {
  try {
    const locks = globalThis.navigator?.locks;
    if (!locks?.query) return [];
    const { held = [] } = await locks.query();
    return held
      .map((l) => l.name ?? '')
      .filter((n) => n.startsWith(PAGE_LOCK_PREFIX))
      .map((n) => n.slice(PAGE_LOCK_PREFIX.length));
  } catch {
    return [];
  }
}

/** Holds this page's lock until the page goes (resolves once held, or at once where there are no Web Locks). */
export function holdPageLock(page: string): Promise<void> {
  const locks = globalThis.navigator?.locks;
  if (!locks?.request) return Promise.resolve();
  return new Promise<void>((held) => {
    locks
      .request(PAGE_LOCK_PREFIX + page, () => {
        held();
        return new Promise<never>(() => undefined);
      })
      .catch(() => held());
  });
}
