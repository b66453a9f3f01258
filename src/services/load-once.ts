/** A loaded resource in use: call `done` when finished with it (also after a failure or an abort). */
interface Lease<T> {
  value: Promise<T>;
  done(): void;
}

interface Entry<T> {
  key: string;
  value: Promise<T>;
  users: number;
  superseded: boolean;
}

/**
 * Keeps one loaded resource for the latest settings: asking again with equal settings gives
 * the same resource; other settings load anew. A superseded resource is released once nobody
 * holds a lease on it any more, so a question still using the old reranker keeps it until it
 * ends. A failed load is forgotten, so the next request tries again.
 */
export class LoadOnce<S, T> {
  private current?: Entry<T>;

  constructor(
    private readonly load: (settings: S) => Promise<T>,
    private readonly release: (value: T) => void = () => {},
  ) {}

  acquire(settings: S): Lease<T> {
    const key = JSON.stringify(settings);
    if (!this.current || this.current.key !== key) {
      const old = this.current;
      const entry: Entry<T> = { key, value: this.load(settings), users: 0, superseded: false };
      entry.value.catch(() => {
        if (this.current === entry) this.current = undefined;
      });
      this.current = entry;
      if (old) {
        old.superseded = true;
        this.releaseIfIdle(old);
      }
    }
    const entry = this.current;
    entry.users++;
    let ended = false;
    return {
      value: entry.value,
      done: () => {
        if (ended) return;
        ended = true;
        entry.users--;
        this.releaseIfIdle(entry);
      },
    };
  }

  private releaseIfIdle(entry: Entry<T>): void {
    if (entry.superseded && entry.users === 0) void entry.value.then(this.release, () => undefined);
  }
}
