import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_CHARS, duration, estimateIngest, judgeEstimate } from './estimate';

const base = { fileBytes: 1_000_000, dim: 512, maxChunkChars: 500 };

describe('estimateIngest', () => {
  it('grows with the text: chunks, sentences, storage and time', () => {
    const small = estimateIngest({ ...base, chars: 100_000 });
    const large = estimateIngest({ ...base, chars: 1_000_000 });
    expect(small.sentences).toBeGreaterThan(500);
    expect(small.chunks).toBeGreaterThan(200);
    for (const key of ['sentences', 'chunks', 'embedSeconds'] as const) expect(large[key]).toBeGreaterThan(small[key] * 9);
    expect(large.storageBytes).toBeGreaterThan(small.storageBytes);
    // Vectors: chunks × dim × 4 bytes at least.
    expect(large.storageBytes).toBeGreaterThan(large.chunks * 512 * 4);
  });

  it('uses the measured rate when there is one', () => {
    const slow = estimateIngest({ ...base, chars: 500_000, sentencesPerSecond: 10 });
    const fast = estimateIngest({ ...base, chars: 500_000, sentencesPerSecond: 100 });
    expect(slow.embedSeconds).toBeCloseTo(fast.embedSeconds * 10);
  });
});

describe('judgeEstimate', () => {
  it('refuses a document past the size limit with its figures and what to do', () => {
    // A 48 MiB text file.
    const verdict = judgeEstimate(estimateIngest({ ...base, chars: 48 * 1024 * 1024, fileBytes: 48 * 1024 * 1024 }));
    expect('refuse' in verdict && verdict.refuse).toMatch(/50,331,648 characters .*about [\d,]+ chunks .* to embed on this device.*up to 8,000,000 characters\. Split it/);
  });

  it('refuses what the free storage cannot hold, and goes ahead when it can', () => {
    const e = estimateIngest({ ...base, chars: 2_000_000 });
    expect(judgeEstimate(e, e.storageBytes / 2)).toEqual({ refuse: expect.stringMatching(/only \d+ MB of browser storage is free; delete some documents/) });
    expect(judgeEstimate(estimateIngest({ ...base, chars: 10_000 }), e.storageBytes * 10)).toEqual({});
  });

  it('announces a long embedding, and stays quiet for a short one', () => {
    const long = judgeEstimate(estimateIngest({ ...base, chars: MAX_DOCUMENT_CHARS / 2 }));
    expect('warn' in long && long.warn).toMatch(/^A long document: about .* min to embed|h to embed/);
    expect(judgeEstimate(estimateIngest({ ...base, chars: 200_000 }))).toEqual({});
  });

  it('words durations for people', () => {
    expect([duration(0.2), duration(45), duration(600), duration(3 * 3600)]).toEqual(['1 s', '45 s', '10 min', '3.0 h']);
  });
});
