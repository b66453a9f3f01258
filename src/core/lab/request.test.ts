import { describe, expect, it } from 'vitest';
import { checkRequest, parseNumberList, requestSpecs, requestSweeps, type LabRequest } from './request';

const base: LabRequest = {
  docIds: ['d1'],
  questionsText: 'Q: a?\nA: b',
  questionsSource: 'typed questions',
  budget: 1000,
  mode: 'hybrid',
  objective: 'balanced',
  fixed: { size: 500, overlap: 50 },
  semantic: { threshold: 0.8 },
  llm: false,
};

describe('lab requests', () => {
  it('compares fixed and semantic, adds the LLM chunker and sweeps when asked, without repeats', () => {
    expect(requestSpecs(base).map((s) => s.label)).toEqual(['fixed500/50', 'semantic θ0.8']);
    const all = requestSpecs({ ...base, llm: true, sweepFixed: { sizes: [500, 800], overlaps: [0, 0.1] }, sweepTheta: [0.7, 0.8] });
    expect(all.map((s) => s.label)).toEqual(['fixed500/50', 'semantic θ0.8', 'llm', 'fixed500/0', 'fixed800/0', 'fixed800/80', 'semantic θ0.7']);
  });

  it('explains what is wrong with a request', () => {
    expect(checkRequest(base)).toEqual([]);
    const bad = checkRequest({ ...base, docIds: [], questionsText: ' ', fixed: { size: 300, overlap: 300 }, sweepFixed: { sizes: [20], overlaps: [1.5] } });
    expect(bad).toEqual([
      'choose at least one document',
      'type some questions or load a question file',
      'the overlap must be at least 0 and smaller than the chunk size',
      'sweep sizes must be at least 50 characters',
      'sweep overlaps are fractions of the size, from 0 up to (not including) 1',
    ]);
  });

  it('refuses fractional sizes and sweeps too large to run', () => {
    expect(checkRequest({ ...base, fixed: { size: 250.5, overlap: 0 } })).toEqual(['sizes, overlaps and the budget are whole numbers of characters']);
    const sizes = Array.from({ length: 30 }, (_, i) => 100 + i * 10);
    expect(checkRequest({ ...base, sweepFixed: { sizes, overlaps: [0, 0.1, 0.2] } })).toEqual(['that is 92 chunkings; compare at most 60 at once']);
  });

  it('names a semantic length cap other than the default', () => {
    expect(requestSpecs({ ...base, semantic: { threshold: 0.8, maxChars: 500 } }).map((s) => s.label)).toEqual(['fixed500/50', 'semantic θ0.8']);
    const capped = { ...base, semantic: { threshold: 0.8, maxChars: 800 }, sweepTheta: [0.9] };
    expect(requestSpecs(capped).map((s) => s.label)).toEqual(['fixed500/50', 'semantic θ0.8/800', 'semantic θ0.9/800']);
    // The sweep's own labels match the results it produced.
    expect(requestSweeps(capped).theta.map((s) => s.label)).toEqual(['semantic θ0.9/800']);
  });

  it('compares a percentile semantic chunking and sweeps percentiles', () => {
    const r = { ...base, semantic: { threshold: 0.8, percentile: 25 }, sweepPercentile: [10, 25, 50] };
    expect(requestSpecs(r).map((s) => s.label)).toEqual(['fixed500/50', 'semantic P25', 'semantic P10', 'semantic P50']);
    expect(requestSweeps(r).percentile.map((s) => s.label)).toEqual(['semantic P10', 'semantic P25', 'semantic P50']);
    expect(requestSpecs(r)[1]).toMatchObject({ kind: 'semantic', percentile: 25 });
    expect(checkRequest(r)).toEqual([]);
    expect(checkRequest({ ...r, semantic: { threshold: 0.8, percentile: 120 }, sweepPercentile: [-5] })).toEqual([
      'the percentile must lie between 0 and 100',
      'sweep percentiles must lie between 0 and 100',
    ]);
  });

  it('reads number lists separated by commas or spaces', () => {
    expect(parseNumberList('200, 300 500')).toEqual([200, 300, 500]);
    expect(parseNumberList('0.1,x')).toBeUndefined();
    expect(parseNumberList('')).toEqual([]);
  });
});
