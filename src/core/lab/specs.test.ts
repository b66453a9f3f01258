import { describe, expect, it } from 'vitest';
import { distinctSpecs, fixedSpec, percentileSpec, sweepFixed, sweepPercentile, sweepTheta } from './specs';
import { bestSpec, objectiveValue } from './best';
import { lengthStats } from './lengths';

describe('sweeps', () => {
  it('builds the size × overlap grid from fractions, never with overlap ≥ size', () => {
    const grid = sweepFixed();
    expect(grid).toHaveLength(15);
    expect(grid.map((s) => s.label)).toContain('fixed500/50');
    expect(grid.map((s) => s.label)).toContain('fixed1200/300');
    const odd = sweepFixed({ sizes: [10, 10], overlaps: [0, 0.5, 1, 1.5] });
    expect(odd.map((s) => s.label)).toEqual(['fixed10/0', 'fixed10/5']);
    for (const s of [...grid, ...odd]) if (s.kind === 'fixed') expect(s.overlap).toBeLessThan(s.size);
  });

  it('builds θ 0.5…0.9 without float noise', () => {
    expect(sweepTheta().map((s) => s.label)).toEqual(['semantic θ0.5', 'semantic θ0.6', 'semantic θ0.7', 'semantic θ0.8', 'semantic θ0.9']);
    expect(sweepTheta([0.1 + 0.2, 0.3])).toHaveLength(1);
  });

  it('builds percentile specs, default 10, 25 and 50', () => {
    expect(sweepPercentile().map((s) => s.label)).toEqual(['semantic P10', 'semantic P25', 'semantic P50']);
    expect(sweepPercentile([25, 25.0001], 800).map((s) => s.label)).toEqual(['semantic P25/800']);
    expect(percentileSpec(25)).toMatchObject({ kind: 'semantic', percentile: 25 });
  });

  it('drops repeated labels', () => {
    expect(distinctSpecs([fixedSpec(500, 50), ...sweepFixed()])).toHaveLength(15);
  });
});

describe('bestSpec', () => {
  const r = (label: string, retrievalRatio: number, signalRatio: number | undefined, chunkCount = 10, available = true) => ({
    label,
    retrievalRatio,
    signalRatio,
    chunkCount,
    available,
  });

  it('picks by objective; balanced is the harmonic mean', () => {
    const results = [r('a', 0.9, 0.1), r('b', 0.5, 0.4), r('c', 0.3, 0.6)];
    expect(objectiveValue(results[1])).toBeCloseTo((2 * 0.5 * 0.4) / 0.9);
    expect(bestSpec(results)?.label).toBe('b');
    expect(bestSpec(results, 'retrieval')?.label).toBe('a');
    expect(bestSpec(results, 'signal')?.label).toBe('c');
  });

  it('skips unavailable specs and breaks ties by fewer chunks, then order', () => {
    expect(bestSpec([r('x', 1, 1, 5, false), r('a', 0.5, 0.5, 20), r('b', 0.5, 0.5, 10), r('c', 0.5, 0.5, 10)])?.label).toBe('b');
    expect(bestSpec([r('a', 0.5, undefined), r('b', 0.5, 0.1)])?.label).toBe('b');
    expect(bestSpec([])).toBeUndefined();
  });

  it('names no best by balance or signal when no evidence was located, but still one by retrieval', () => {
    const unlocated = [r('a', 0.6, undefined, 30), r('b', 0.4, undefined, 5)];
    expect(bestSpec(unlocated)).toBeUndefined();
    expect(bestSpec(unlocated, 'signal')).toBeUndefined();
    expect(bestSpec(unlocated, 'retrieval')?.label).toBe('a');
  });
});

describe('lengthStats', () => {
  it('gives quantiles and a fixed-bin histogram', () => {
    const s = lengthStats([50, 150, 160, 250, 2000]);
    expect([s.min, s.p25, s.median, s.p75, s.max]).toEqual([50, 150, 160, 250, 2000]);
    expect(s.histogram.counts.slice(0, 3)).toEqual([1, 2, 1]);
    expect(s.histogram.counts[s.histogram.counts.length - 1]).toBe(1);
    expect(s.histogram.edges).toHaveLength(s.histogram.counts.length);
  });
});
