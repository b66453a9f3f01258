import { describe, expect, it } from 'vitest';
import { embedTextsInBatches, mapInBatches, planBatches } from './batch';

describe('planBatches', () => {
  it('groups by ascending length and covers every index once', () => {
    const lengths = [50, 3, 20, 3, 7, 100, 1];
    const batches = planBatches(lengths, { maxItems: 3, maxTotal: 1000 });
    expect(batches).toEqual([[6, 1, 3], [4, 2, 0], [5]]);
  });

  it('caps the padded size (items × longest) of each batch', () => {
    const lengths = [10, 10, 10, 30, 30, 40];
    const batches = planBatches(lengths, { maxItems: 100, maxTotal: 60 });
    for (const b of batches) {
      if (b.length > 1) expect(b.length * Math.max(...b.map((i) => lengths[i]))).toBeLessThanOrEqual(60);
    }
    expect(batches.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(batches).toEqual([[0, 1, 2], [3, 4], [5]]);
  });

  it('gives an oversized input a batch of its own', () => {
    expect(planBatches([5, 500, 5], { maxItems: 10, maxTotal: 100 })).toEqual([[0, 2], [1]]);
  });

  it('handles no input', () => {
    expect(planBatches([], { maxItems: 4, maxTotal: 10 })).toEqual([]);
  });
});

describe('mapInBatches', () => {
  it('restores the original order', async () => {
    const texts = ['ccc', 'a', 'bb', 'dddd', 'e'];
    const seen: string[][] = [];
    const out = await mapInBatches(
      texts,
      (t) => t.length,
      { maxItems: 2, maxTotal: 100 },
      async (batch) => {
        seen.push(batch);
        return batch.map((t) => t.toUpperCase());
      },
    );
    expect(out).toEqual(['CCC', 'A', 'BB', 'DDDD', 'E']);
    expect(seen).toEqual([['a', 'e'], ['bb', 'ccc'], ['dddd']]);
  });

  it('rejects a batch function that loses results', async () => {
    await expect(
      mapInBatches(
        [1, 2],
        () => 1,
        { maxItems: 5, maxTotal: 9 },
        async () => [1],
      ),
    ).rejects.toThrow(/2 inputs returned 1/);
  });

  it('stops between batches when aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    const run = embedTextsInBatches(
      ['a', 'b', 'c'],
      { maxItems: 1, maxTotal: 10 },
      async (batch) => {
        calls++;
        controller.abort();
        return batch.map(() => new Float32Array(1));
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow();
    expect(calls).toBe(1);
  });
});
