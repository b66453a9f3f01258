import type { Embedder } from '../embed';

/**
 * Starts embedding texts that are likely to be needed soon (the units of pages already read
 * while the rest of a file is still being parsed), so the embedding workers are not idle
 * during parsing. Results only land in the embedding cache: what turns out to be needed is
 * found there, or still in flight and awaited. Best effort: failures are ignored.
 */
export class EmbeddingPrefetch {
  private readonly seen = new Set<string>();
  private buffer: string[] = [];
  private inFlight = 0;
  private stopped = false;
  private sent = 0;

  constructor(
    private readonly embedder: Promise<Embedder | undefined>,
    private readonly signal: AbortSignal,
    /** Texts per request: enough for efficient batches on every worker. */
    private readonly batch = 128,
    private readonly maxInFlight = 2,
  ) {}

  add(texts: string[]): void {
    if (this.stopped) return;
    for (const t of texts) {
      if (t.trim() && !this.seen.has(t)) {
        this.seen.add(t);
        this.buffer.push(t);
      }
    }
    this.pump();
  }

  /** No more requests start; those in flight finish into the cache. */
  stop(): void {
    this.stopped = true;
    this.buffer = [];
  }

  /** Texts sent to the embedder so far. */
  get submitted(): number {
    return this.sent;
  }

  private pump(): void {
    while (!this.stopped && !this.signal.aborted && this.inFlight < this.maxInFlight && this.buffer.length >= this.batch) {
      const texts = this.buffer.splice(0, this.batch).sort((a, b) => a.length - b.length);
      this.inFlight++;
      this.sent += texts.length;
      void this.embedder
        .then((e) => e?.embed(texts, this.signal))
        .catch(() => undefined)
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}
