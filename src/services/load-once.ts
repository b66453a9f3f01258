/**
 * Keeps one loaded resource for the latest settings: asking again with equal settings returns
 * the same promise; other settings release the old resource and load anew. A failed load is
 * forgotten, so the next request tries again.
 */
export class LoadOnce<S, T> {
  private key?: string;
  private current?: Promise<T>;

  constructor(
    private readonly load: (settings: S) => Promise<T>,
    private readonly release: (value: T) => void = () => {},
  ) {}

  get(settings: S): Promise<T> {
    const key = JSON.stringify(settings);
    if (this.current && key === this.key) return this.current;
    const old = this.current;
    void old?.then(this.release, () => undefined);
    this.key = key;
    const loading = this.load(settings);
    loading.catch(() => {
      if (this.current === loading) this.current = this.key = undefined;
    });
    this.current = loading;
    return loading;
  }
}
