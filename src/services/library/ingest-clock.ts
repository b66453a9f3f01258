import type { Trace } from '../../core/types';
import type { IngestTimings } from './types';

type Lap = Exclude<keyof IngestTimings, 'totalMs' | 'prefetchedTexts'>;

/** An ingest's timings: each lap is the time since the previous one, added to its phase. */
export class IngestClock {
  readonly timings: IngestTimings = { parseMs: 0, modelMs: 0, embedMs: 0, chunkEmbedMs: 0, chunkMs: 0, indexMs: 0, persistMs: 0, totalMs: 0, prefetchedTexts: 0 };
  private readonly t0 = performance.now();
  private t = this.t0;

  lap(key: Lap): void {
    const now = performance.now();
    this.timings[key] += now - this.t;
    this.t = now;
  }

  /** Adds the build's own stage timings (chunking, embedding) and starts the next lap now. */
  addBuildTraces(traces: Trace[]): void {
    for (const tr of traces) {
      if (tr.stage === 'chunking' || tr.stage === 'segmenting') this.timings.chunkMs += tr.ms;
      else this.timings.embedMs += tr.ms;
      if (tr.stage === 'chunk-embedding') this.timings.chunkEmbedMs += tr.ms;
    }
    this.t = performance.now();
  }

  sinceStart(): number {
    return performance.now() - this.t0;
  }
}
