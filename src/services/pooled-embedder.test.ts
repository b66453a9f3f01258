import { describe, expect, it } from 'vitest';
import { PooledEmbedder, splitByLength, type RemoteEmbedder } from './pooled-embedder';

/** A member that encodes each text's length and its own index, and records what it was given. */
function member(index: number, seen: string[][]): RemoteEmbedder {
  return {
    embed: async (texts) => {
      seen[index].push(...texts);
      return texts.map((t) => Float32Array.of(t.length, index));
    },
  };
}

describe('PooledEmbedder', () => {
  it('spreads texts over members and returns vectors in input order', async () => {
    const seen: string[][] = [[], []];
    const pool = new PooledEmbedder('m', 2, [member(0, seen), member(1, seen)]);
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff'];
    const out = await pool.embed(texts);
    expect(out.map((v) => v[0])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen[0].length).toBeGreaterThan(0);
    expect(seen[1].length).toBeGreaterThan(0);
    expect([...seen[0], ...seen[1]]).toEqual(texts);
  });

  it('uses one member for a single text and returns nothing for none', async () => {
    const seen: string[][] = [[], []];
    const pool = new PooledEmbedder('m', 2, [member(0, seen), member(1, seen)]);
    expect(await pool.embed([])).toEqual([]);
    expect((await pool.embed(['x'])).length).toBe(1);
    expect(seen[1]).toEqual([]);
  });

  it('propagates a member failure', async () => {
    const bad: RemoteEmbedder = { embed: async () => Promise.reject(new Error('worker died')) };
    const pool = new PooledEmbedder('m', 2, [bad, bad]);
    await expect(pool.embed(['a', 'b'])).rejects.toThrow('worker died');
  });
});

describe('splitByLength', () => {
  it('cuts into contiguous ranges of similar total length', () => {
    const texts = ['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(10), 'x'.repeat(10)];
    expect(splitByLength(texts, 2)).toEqual([
      [0, 2],
      [2, 4],
    ]);
    const skewed = ['x'.repeat(100), 'y', 'y', 'y'];
    expect(splitByLength(skewed, 2)).toEqual([
      [0, 1],
      [1, 4],
    ]);
  });
  it('never returns empty ranges', () => {
    expect(splitByLength(['a'], 3)).toEqual([[0, 1]]);
    expect(splitByLength(['a', 'b'], 3)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});
