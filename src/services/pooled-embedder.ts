import type { Embedder } from '../core/embed';

/** Something that embeds texts in another thread (an RPC stub for an embedding worker). */
export interface RemoteEmbedder {
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/**
 * One Embedder over several workers, each running the same model on its own core: a call's
 * texts are split into contiguous slices, embedded in parallel and returned in order.
 */
export class PooledEmbedder implements Embedder {
  /** Set when a member died; the owner should load a new pool. */
  broken = false;

  constructor(
    readonly id: string,
    readonly dim: number,
    private readonly members: RemoteEmbedder[],
    private readonly dispose_: () => void = () => {},
  ) {
    if (members.length === 0) throw new Error('an embedder pool needs at least one member');
  }

  get size(): number {
    return this.members.length;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.broken) throw new Error('the embedding worker stopped; the model will be loaded again');
    if (texts.length === 0) return [];
    const n = Math.min(this.members.length, texts.length);
    // Slices of equal total length, not equal count, so the members finish together.
    const bounds = splitByLength(texts, n);
    const parts = await Promise.all(bounds.map(([s, e], i) => this.members[i].embed(texts.slice(s, e), signal)));
    return parts.flat();
  }

  dispose(): void {
    this.dispose_();
  }
}

/** n contiguous [start, end) ranges whose total text lengths are as equal as a greedy cut makes them. */
export function splitByLength(texts: string[], parts: number): Array<[number, number]> {
  const n = Math.max(1, Math.min(parts, texts.length));
  const total = texts.reduce((t, s) => t + s.length + 1, 0);
  const ranges: Array<[number, number]> = [];
  let start = 0;
  let acc = 0;
  for (let i = 0; i < texts.length && ranges.length < n - 1; i++) {
    acc += texts[i].length + 1;
    if (acc >= (total * (ranges.length + 1)) / n && texts.length - (i + 1) >= n - ranges.length - 1) {
      ranges.push([start, i + 1]);
      start = i + 1;
    }
  }
  ranges.push([start, texts.length]);
  return ranges.filter(([s, e]) => e > s);
}
