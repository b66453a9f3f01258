import { describe, expect, it } from 'vitest';
import { verbatimShare } from './verbatim';

const SOURCE = 'Revenues for NIKE, Inc. rose 6% to $36.4 billion in fiscal 2018, driven by growth in Sportswear and the Jordan Brand.';

describe('verbatimShare', () => {
  it('is near 1 for an answer that copies its source, citation marks and case aside', () => {
    expect(verbatimShare('[1] revenues for NIKE, Inc. rose 6% to $36.4 billion in fiscal 2018, driven by growth in Sportswear [1].', [SOURCE])).toBe(1);
  });

  it('is 0 for an answer in its own words, even on the same facts', () => {
    expect(verbatimShare('NIKE grew 6% in fiscal 2018 ($36.4 billion); Sportswear and Jordan led the growth [1].', [SOURCE])).toBe(0);
  });

  it('counts only the copied part of a mixed answer', () => {
    const share = verbatimShare('Growth came mostly from two brands. Revenues for NIKE, Inc. rose 6% to $36.4 billion.', [SOURCE]);
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.8);
  });

  it('is 0 for an answer shorter than a run', () => {
    expect(verbatimShare('$36.4 billion [1]', [SOURCE])).toBe(0);
  });
});
