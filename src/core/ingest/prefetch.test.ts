import { describe, expect, it } from 'vitest';
import { EmbeddingPrefetch } from './prefetch';
import type { Embedder } from '../embed';

function gatedEmbedder() {
  const calls: string[][] = [];
  const releases: Array<() => void> = [];
  const embedder: Embedder = {
    id: 'gated',
    dim: 1,
    embed: (texts) => {
      calls.push(texts);
      return new Promise((resolve) => releases.push(() => resolve(texts.map(() => new Float32Array(1)))));
    },
  };
  return { embedder, calls, releases };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('EmbeddingPrefetch', () => {
  it('sends distinct texts in full batches, shortest first, with a bounded number in flight', async () => {
    const { embedder, calls, releases } = gatedEmbedder();
    const p = new EmbeddingPrefetch(Promise.resolve(embedder), new AbortController().signal, 2, 1);
    p.add(['ccc', 'a', 'a', ' ']);
    await tick();
    expect(calls).toEqual([['a', 'ccc']]); // the duplicate and the blank are skipped
    p.add(['bb', 'dddd', 'e']);
    await tick();
    expect(calls).toHaveLength(1); // one in flight at most
    releases[0]();
    await tick();
    expect(calls[1]).toEqual(['bb', 'dddd']);
    expect(p.submitted).toBe(4);
  });

  it('sends nothing more once stopped or aborted, and ignores failures', async () => {
    const ac = new AbortController();
    let calls = 0;
    const failing: Embedder = { id: 'f', dim: 1, embed: async () => (calls++, Promise.reject(new Error('worker stopped'))) };
    const p = new EmbeddingPrefetch(Promise.resolve(failing), ac.signal, 1, 1);
    p.add(['x']);
    await tick();
    p.add(['y']);
    await tick();
    expect(calls).toBe(2);
    p.stop();
    p.add(['z']);
    ac.abort();
    await tick();
    expect(calls).toBe(2);
  });

  it('does nothing when the model never loads', async () => {
    const p = new EmbeddingPrefetch(Promise.resolve(undefined), new AbortController().signal, 1);
    p.add(['x']);
    await tick();
    expect(p.submitted).toBe(1);
  });
});
